import { describe, expect, it } from "vitest";
import { glossaryEntry } from "../glossary/measure-glossary.ts";
import { MEASURE_REGISTRY } from "../engine/measure-registry.ts";
import type { CliIo } from "./cli-io.ts";
import { main } from "./main.ts";

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), path: (f) => f };
  return { code: await main(argv, io), out, err };
}

describe("hierboard --help and hierboard measures", () => {
  it("--help lists every registry measure with the glossary's short definition", async () => {
    const { code, out } = await run(["--help"]);
    expect(code).toBe(0);
    for (const info of MEASURE_REGISTRY) {
      expect(out).toContain(glossaryEntry(info.key)!.short);
      expect(out).toMatch(new RegExp(`^  ${info.key.replaceAll(".", "\\.")} +${info.label.replace(/[()]/g, "\\$&")} — `, "m"));
    }
  });

  it("prints one measure's definition, formula and source", async () => {
    const { code, out } = await run(["measures", "hc.f1"]);
    expect(code).toBe(0);
    const entry = glossaryEntry("hc.f1")!;
    expect(out).toContain(entry.definition);
    expect(out).toContain(`Formula (TeX): ${entry.formula}`);
    expect(out).toContain(`Source: ${entry.source}`);
  });

  it("prints the glossary as JSON, the same objects the web glossary reads", async () => {
    const { code, out } = await run(["measures", "--json"]);
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as { key: string; formula: string }[];
    expect(parsed.map((m) => m.key)).toEqual(MEASURE_REGISTRY.map((m) => m.key));
  });

  it("refuses an unknown key with what was expected and what was found", async () => {
    const { code, err } = await run(["measures", "hc.f2"]);
    expect(code).toBe(2);
    expect(err).toBe('hierboard: expected a measure key such as hc.f1 (see hierboard measures), got "hc.f2"\n');
  });
});
