import { describe, expect, it } from "vitest";
import { describeWithShared, GERMEVAL_DIR } from "../../test/shared-data.ts";
import type { CliIo } from "./cli-io.ts";
import { runCompare } from "./compare-command.ts";

async function run(argv: string[]): Promise<{ out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), path: (f) => f };
  await runCompare(argv, io);
  return { out, err };
}

describeWithShared("hierboard compare on GermEval subtask b", "data/germeval2019/hierarchy.txt", () => {
  const base = [
    "--taxonomy",
    `${GERMEVAL_DIR}/hierarchy.txt`,
    "--gold",
    `${GERMEVAL_DIR}/blurbs_test_label.txt`,
    "--subtask",
    "b",
    "--unknown-labels",
    "drop",
  ];
  const preds = [
    "twistbytes__sklearn_hier_threshold",
    "twistbytes__sklearn_hier_threshold_and_roots_baseline_thresholding",
    "Averbis__BOHB_CNN",
  ].flatMap((s) => ["--pred", `${GERMEVAL_DIR}/submissions/${s}.txt`]);
  const measures = ["--measures", "hc.f1,flat.micro.f1,hierarchical.f1", "--bootstrap", "100"];

  it("prints the rank table, the agreement table and the tied groups", async () => {
    const { out } = await run([...base, ...preds, ...measures]);
    expect(out).toContain("4157 documents, 3 submissions");
    expect(out).toContain("rank hc.f1");
    expect(out).toMatch(/twistbytes__sklearn_hier_threshold\s+1\s+0\.6320\s+1\s+1\s+1/);
    expect(out).toMatch(/Averbis__BOHB_CNN\s+2\s+0\.6034\s+3\s+3\s+3/);
    expect(out).toContain("Kendall τ-b");
    expect(out).toMatch(
      /1\. twistbytes__sklearn_hier_threshold, twistbytes__sklearn_hier_threshold_and_roots_baseline_thresholding\n {2}2\. Averbis__BOHB_CNN/,
    );
  });

  it("prints the same as one JSON object with --json", async () => {
    const { out } = await run([...base, ...preds, ...measures, "--json"]);
    const result = JSON.parse(out);
    expect(result.submissions).toHaveLength(3);
    expect(result.measures.map((m: { key: string }) => m.key)).toEqual(["hc.f1", "flat.micro.f1", "hierarchical.f1"]);
    expect(result.kendall).toEqual([
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    expect(Object.keys(result.intervals)).toHaveLength(3);
  });
});

describe("hierboard compare options", () => {
  it("refuses a bad option before reading any file", async () => {
    const base = ["--taxonomy", "missing.tsv", "--gold", "missing.tsv", "--pred", "missing.tsv"];
    await expect(run([...base, "--test", "t-test"])).rejects.toThrow('expected --test to be randomization or bootstrap, got "t-test"');
    await expect(run([...base, "--bootstrap", "0"])).rejects.toThrow('expected --bootstrap to be a whole number ≥ 1, got "0"');
    await expect(run(["--taxonomy", "missing.tsv", "--gold", "missing.tsv"])).rejects.toThrow(
      "expected --pred FILE at least once, got nothing",
    );
  });
});
