import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIo } from "./cli-io.ts";
import { main } from "./main.ts";

const dir = mkdtempSync(join(tmpdir(), "hierboard-cafa-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
// R1{A, B}, C under A and B; R2{D}. Gold: p1 C, p2 A (and an unknown term), p3 D.
const taxonomy = file("taxonomy.tsv", "R1\tA\nR1\tB\nA\tC\nB\tC\nR2\tD\n");
const gold = file("gold.tsv", "p1\tC\np2\tA\tGHOST\np3\tD\n");
const pred = file(
  "pred.jsonl",
  [
    '{"id": "p1", "scores": {"C": 0.6, "B": 0.3}}',
    '{"id": "p2", "scores": {"B": 0.8, "GHOST": 0.9}}',
    '{"id": "stranger", "scores": {"A": 0.5}}',
  ].join("\n"),
);

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), path: (f) => f };
  const code = await main(argv, io);
  return { code, out, err };
}

describe("hierboard eval --metrics cafa", () => {
  const base = ["eval", "--taxonomy", taxonomy, "--gold", gold, "--pred", pred, "--metrics", "cafa"];

  it("prints cafa.namespaces with camelCase keys and a status per namespace", async () => {
    const ia = file("ia.tsv", "A\t1\nC\t2\n");
    const { code, out, err } = await run([...base, "--ia", ia, "--options", '{"cafa": {"thresholdStep": 0.25}}', "--json"]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result.cafa.namespaces.R1).toMatchObject({ status: "ok", nGoldProteins: 2, fmaxThreshold: 0.25, wfmaxThreshold: 0.25 });
    expect(result.cafa.namespaces.R1.fmax).toBeCloseTo(0.75, 12);
    expect(result.cafa.namespaces.R1.wfmax).toBeCloseTo(2 / 3, 12);
    expect(result.cafa.namespaces.R2).toEqual({ status: "no_predictions", nGoldProteins: 1 });
    expect(result.warnings.join("\n")).toContain("ignored 1 protein(s) absent from the gold file");
  });

  it("shows one table block per namespace", async () => {
    const { code, out } = await run(base);
    expect(code).toBe(0);
    expect(out).toContain("namespace R1: ok");
    expect(out).toContain("namespace R2: no_predictions");
    expect(out).toMatch(/cafa fmax\s+0\.\d{4}/);
  });

  it("refuses a malformed IA file with its line number", async () => {
    const ia = file("bad-ia.tsv", "A\t1\nC\tlots\n");
    const { code, err } = await run([...base, "--ia", ia, "--json"]);
    expect(code).not.toBe(0);
    expect(err).toContain('bad-ia.tsv:2: expected a finite weight ≥ 0 for "C", got "lots"');
  });
});
