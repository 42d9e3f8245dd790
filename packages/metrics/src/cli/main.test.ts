import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeWithShared, GERMEVAL_DIR } from "../../test/shared-data.ts";
import type { CliIo } from "./cli-io.ts";
import { main } from "./main.ts";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), path: (f) => f };
  const code = await main(argv, io);
  return { code, out, err };
}

describe("hierboard CLI", () => {
  it("prints its usage for --help and exits 0", async () => {
    const { code, out } = await run(["--help"]);
    expect(code).toBe(0);
    expect(out).toContain("hierboard eval --taxonomy FILE --gold FILE --pred FILE");
  });

  it("prints one JSON object with the contract's keys", async () => {
    const gold = `${FIXTURES}/cli-gold.tsv`;
    const { code, out, err } = await run([
      "eval",
      "--taxonomy",
      `${FIXTURES}/figure4.tsv`,
      "--gold",
      gold,
      "--pred",
      `${FIXTURES}/cli-pred.jsonl`,
      "--json",
    ]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(result.documents).toBe(3);
    for (const key of ["tp", "tn", "fp", "fn", "accuracy", "precision", "recall", "specificity", "f1", "mcc"])
      expect(typeof result.hc[key]).toBe("number");
    for (const key of ["tp", "fp", "fn", "precision", "recall", "f1"]) expect(typeof result.flat.micro[key]).toBe("number");
    for (const key of ["precision", "recall", "f1"]) expect(typeof result.flat.macro[key]).toBe("number");
    expect(typeof result.flat.subsetAccuracy).toBe("number");
    expect(typeof result.flat.hammingLoss).toBe("number");
    for (const key of ["precision", "recall", "f1"]) expect(typeof result.hierarchical[key]).toBe("number");
    expect(Array.isArray(result.warnings)).toBe(true);
    // Flat labels are the paths' end nodes: d1 {I} vs {A, D, I}, d2 {G} vs {B, F}, d3 {} vs {E}.
    expect(result.flat.micro).toMatchObject({ tp: 1, fp: 1, fn: 5 });
    // d1's explicit path is perfect for HC.
    expect(result.hc.tp).toBeGreaterThanOrEqual(3);
    expect(result.warnings).toEqual(['cli-pred.jsonl: no prediction for 1 of 3 gold documents ("d3"); they count as empty predictions']);
  });

  it("runs compare through the same entry point", async () => {
    const fixtures = ["--taxonomy", `${FIXTURES}/figure4.tsv`, "--gold", `${FIXTURES}/cli-gold.tsv`];
    const { code, out } = await run([
      "compare",
      ...fixtures,
      "--pred",
      `${FIXTURES}/cli-gold.tsv`,
      "--pred",
      `${FIXTURES}/cli-pred.jsonl`,
      "--json",
      "--bootstrap",
      "50",
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(JSON.stringify(result)).toContain("cli-pred");
  });

  it("prints a readable table without --json", async () => {
    const { code, out } = await run([
      "eval",
      "--taxonomy",
      `${FIXTURES}/figure4.tsv`,
      "--gold",
      `${FIXTURES}/cli-gold.tsv`,
      "--pred",
      `${FIXTURES}/cli-gold.tsv`,
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^3 documents/);
    expect(out).toMatch(/hc\.f1\s+HC-F1\s+1\n/);
  });

  it("reports input errors on stderr with file and line, no stack trace, non-zero exit", async () => {
    const { code, out, err } = await run([
      "eval",
      "--taxonomy",
      `${FIXTURES}/figure4.tsv`,
      "--gold",
      `${FIXTURES}/cli-gold.tsv`,
      "--pred",
      `${FIXTURES}/cli-bad-pred.tsv`,
    ]);
    expect(code).not.toBe(0);
    expect(out).toBe("");
    expect(err).toBe('hierboard: cli-bad-pred.tsv:2: expected a label of the taxonomy, got "Q"\n');
  });

  it("reports every problem of a predictions file (lines 2, 5 and 9) on stderr, with the hint, and exits non-zero", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hierboard-cli-problems-"));
    try {
      const gold = Array.from({ length: 10 }, (_, i) => `d${i + 1}\tA`).join("\n");
      const pred = Array.from({ length: 10 }, (_, i) => {
        const n = i + 1;
        if (n === 2) return "d2\tQ";
        if (n === 5) return "d5;A";
        if (n === 9) return "d9;B";
        return `d${n}\tA`;
      }).join("\n");
      writeFileSync(join(dir, "gold.tsv"), gold);
      writeFileSync(join(dir, "pred.tsv"), pred);
      const { code, out, err } = await run([
        "eval",
        "--taxonomy",
        `${FIXTURES}/figure4.tsv`,
        "--gold",
        join(dir, "gold.tsv"),
        "--pred",
        join(dir, "pred.tsv"),
      ]);
      expect(code).toBe(1);
      expect(out).toBe("");
      expect(err.split("\n")).toEqual([
        "hierboard: 3 problems:",
        'hierboard: pred.tsv:2: expected a label of the taxonomy, got "Q"',
        `hierboard: pred.tsv:5: expected tabs between fields, got fields separated by ';' in "d5;A"`,
        `hierboard: pred.tsv:9: expected tabs between fields, got fields separated by ';' in "d9;B"`,
        "hierboard: hint: fields are separated by ';'; expected tabs: save the file with a tab between the document id and each label",
        "",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--lca-graph picks HEMKit's graphs (the default), the exact minimum or all connections", async () => {
    const args = [
      "eval",
      "--taxonomy",
      `${FIXTURES}/figure4.tsv`,
      "--gold",
      `${FIXTURES}/cli-gold.tsv`,
      "--pred",
      `${FIXTURES}/cli-pred.jsonl`,
      "--metrics",
      "lca",
      "--json",
    ];
    const byDefault = JSON.parse((await run(args)).out).lca;
    const hemkit = JSON.parse((await run([...args, "--lca-graph", "hemkit"])).out).lca;
    const minimal = JSON.parse((await run([...args, "--lca-graph", "minimal"])).out).lca;
    expect(byDefault).toEqual(hemkit);
    expect(hemkit.graph).toBe("hemkit");
    expect(minimal.graph).toBe("minimal");
    // --lca-graph wins over --options.
    const both = JSON.parse((await run([...args, "--options", '{"lca": {"graph": "redundant"}}', "--lca-graph", "minimal"])).out).lca;
    expect(both).toEqual(minimal);
    const bad = await run([...args, "--lca-graph", "smallest"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('expected --lca-graph to be hemkit or minimal or redundant, got "smallest"');
  });

  it("--zero-division sets what a zero denominator gives and records it", async () => {
    const args = [
      "eval",
      "--taxonomy",
      `${FIXTURES}/figure4.tsv`,
      "--gold",
      `${FIXTURES}/cli-gold.tsv`,
      "--pred",
      `${FIXTURES}/cli-pred.jsonl`,
      "--json",
    ];
    const byDefault = JSON.parse((await run(args)).out);
    const one = JSON.parse((await run([...args, "--zero-division", "1"])).out);
    const nan = JSON.parse((await run([...args, "--zero-division", "nan"])).out);
    expect(byDefault.options).toEqual({ zeroDivision: 0 });
    expect(one.options).toEqual({ zeroDivision: 1 });
    expect(nan.options).toEqual({ zeroDivision: "nan" });
    // d3 is missing (an empty prediction): its hP is undefined, 0 by default, 1 under 1, left out under nan.
    expect(one.hierarchical.macro.precision).toBeGreaterThan(byDefault.hierarchical.macro.precision);
    const bad = await run([...args, "--zero-division", "2"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('expected --zero-division to be 0 or 1 or nan, got "2"');
  });

  it("--zero-division nan: the table prints an undefined measure as nan, and --json stays valid JSON with null", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hierboard-nan-"));
    try {
      // Nothing predicted for either document: every precision is 0/0.
      writeFileSync(join(dir, "pred.tsv"), "d1\nd2\n");
      const args = ["eval", "--taxonomy", `${FIXTURES}/figure4.tsv`, "--gold", `${FIXTURES}/cli-gold.tsv`, "--pred", join(dir, "pred.tsv")];
      const table = await run([...args, "--zero-division", "nan"]);
      expect(table.err).toBe("");
      expect(table.code).toBe(0);
      const row = (key: string) => table.out.split("\n").find((line) => line.startsWith(`${key} `));
      expect(row("hierarchical.precision")).toMatch(/\snan$/);
      expect(row("hc.mcc")).toMatch(/\snan$/);
      // Recall is defined (0) and still printed as a number; F1 = 2·TP / (|gold| + |predicted|) = 0 is too.
      expect(row("hierarchical.recall")).toMatch(/\s0$/);
      expect(row("hierarchical.f1")).toMatch(/\s0$/);
      // The default keeps printing 0 for the same row, and never prints nan.
      const byDefault = await run(args);
      expect(byDefault.out.split("\n").find((line) => line.startsWith("hierarchical.precision "))).toMatch(/\s0$/);
      expect(byDefault.out).not.toContain("nan");

      const json = await run([...args, "--zero-division", "nan", "--json"]);
      const parsed = JSON.parse(json.out);
      expect(parsed.hierarchical.precision).toBeNull();
      expect(parsed.hierarchical.undefined).toContain("precision");
      expect(parsed.hierarchical.recall).toBe(0);
      expect(parsed.options).toEqual({ zeroDivision: "nan" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses unknown options and bad values with a usage error", async () => {
    expect((await run(["eval", "--taxonomi", "x"])).err).toContain("expected one of --taxonomy");
    expect((await run(["eval", "--taxonomy", "x", "--gold", "y", "--pred", "z", "--subtask", "c"])).err).toContain(
      "--subtask to be a or b",
    );
    expect((await run(["eval", "--taxonomy", "x", "--gold", "y", "--pred", "z", "--max-depth", "0"])).code).toBe(2);
    expect((await run(["frobnicate"])).code).toBe(2);
  });

  it("reports a missing file as an error, not a crash", async () => {
    const { code, err } = await run(["eval", "--taxonomy", `${FIXTURES}/nope.tsv`, "--gold", "g", "--pred", "p"]);
    expect(code).not.toBe(0);
    expect(err).toMatch(/^hierboard: /);
    expect(err).not.toMatch(/\n\s+at /);
  });
});

describe("pnpm --silent hierboard (the external contract, from the repository root)", () => {
  it("prints only the JSON object on stdout", () => {
    const out = execFileSync(
      "pnpm",
      [
        "--silent",
        "hierboard",
        "eval",
        "--taxonomy",
        `${FIXTURES}/figure4.tsv`,
        "--gold",
        `${FIXTURES}/cli-gold.tsv`,
        "--pred",
        `${FIXTURES}/cli-gold.tsv`,
        "--json",
      ],
      {
        cwd: REPO_ROOT,
        encoding: "utf8",
      },
    );
    expect(JSON.parse(out).hc.f1).toBe(1);
  });

  it("exits 0 on --help and non-zero with a one-line error otherwise", () => {
    expect(spawnSync("pnpm", ["--silent", "hierboard", "--help"], { cwd: REPO_ROOT, encoding: "utf8" }).status).toBe(0);
    const bad = spawnSync("pnpm", ["--silent", "hierboard", "eval", "--taxonomy", "missing.tsv", "--gold", "g", "--pred", "p"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describeWithShared("hierboard eval on GermEval 2019", "data/germeval2019/hierarchy.txt", () => {
  it("reproduces the subtask b micro F1 of a system through the CLI", async () => {
    const { out } = await run([
      "eval",
      "--taxonomy",
      `${GERMEVAL_DIR}/hierarchy.txt`,
      "--gold",
      `${GERMEVAL_DIR}/blurbs_test_label.txt`,
      "--pred",
      `${GERMEVAL_DIR}/submissions/Averbis__BOHB_CNN.txt`,
      "--subtask",
      "b",
      "--unknown-labels",
      "drop",
      "--json",
    ]);
    expect(JSON.parse(out).flat.micro).toMatchObject({ tp: 8014, fp: 3823, fn: 5038 });
  });
});
