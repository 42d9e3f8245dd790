import { describe, expect, it } from "vitest";
import { evaluate } from "../../engine/evaluate.ts";
import { measureInfo } from "../../engine/measure-registry.ts";
import { InputError } from "../../errors/input-error.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { parseCafaScores } from "./parse-cafa-scores.ts";

/** R1{A, B}, C under both A and B; R2{D}. */
const taxonomy = buildTaxonomy(
  [
    [null, "R1"],
    ["R1", "A"],
    ["R1", "B"],
    ["A", "C"],
    ["B", "C"],
    [null, "R2"],
    ["R2", "D"],
  ].map(([parent, child], i) => ({ parent: parent ?? null, child: child!, line: i + 1 })),
);

function refusal(text: string, maxTermsPerProtein?: number): InputError {
  try {
    parseCafaScores(text, { taxonomy, fileName: "run.tsv", maxTermsPerProtein });
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

describe("parseCafaScores", () => {
  it("reads protein, term and score per line, keeps a pair's largest score and leaves unknown terms out with a warning", () => {
    const file = parseCafaScores("P1\tC\t0.4\nP1 C 0.7\nP1\tC\t0.2\nP2\tD\t1\nP2\tGO:404\t0.5\n\n", { taxonomy, fileName: "run.tsv" });
    expect(file.documents).toBe(2);
    expect(file.entries.get("P1")!.scores!.get(taxonomy.id("C")!)).toBe(0.7);
    expect(file.entries.get("P2")!.scores!.size).toBe(1);
    expect(file.warnings).toEqual(["run.tsv: left out 1 score(s) of term(s) the taxonomy lacks, as CAFA-evaluator does"]);
  });

  it("refuses scores outside (0, 1] and lines without three fields, naming every line", () => {
    const error = refusal("P1\tC\t0\nP1\tC\t1.5\nP1\tC\thigh\nP1\tC\nP2\tD\t0.5\n");
    expect(error.problems.map((p) => [p.line, p.code])).toEqual([
      [1, "BAD_SCORE"],
      [2, "BAD_SCORE"],
      [3, "BAD_SCORE"],
      [4, "COLUMN_COUNT"],
    ]);
    expect(error.message).toContain('run.tsv:1: expected a score in (0, 1] for "C", got "0"');
  });

  it("refuses a protein with more distinct terms than the limit, at the line past it", () => {
    expect(parseCafaScores("P1\tA\t0.5\nP1\tA\t0.6\nP1\tB\t0.5\n", { taxonomy, maxTermsPerProtein: 2 }).documents).toBe(1);
    const error = refusal("P1\tA\t0.5\nP1\tB\t0.5\nP1\tC\t0.5\n", 2);
    expect([error.code, error.line]).toEqual(["TOO_MANY_LABELS", 3]);
  });

  it("refuses an empty file", () => {
    expect(refusal("\n\n").code).toBe("EMPTY_FILE");
  });

  it("scores the same as the equivalent JSON Lines file", () => {
    const gold = parseLabelText("P1\tC\nP2\tD\n", { taxonomy, role: "gold" });
    const jsonl = parseLabelText('{"id": "P1", "scores": {"C": 0.7, "B": 0.3}}\n{"id": "P2", "scores": {"D": 0.4}}', {
      taxonomy,
      role: "prediction",
    });
    const tsv = parseCafaScores("P1\tC\t0.7\nP1\tB\t0.3\nP2\tD\t0.4\n", { taxonomy });
    const run = (pred: typeof tsv) => evaluate({ taxonomy, gold, pred, metrics: ["cafa"] }).cafa;
    expect(run(tsv)).toEqual(run(jsonl));
  });
});

describe("measureInfo of a cafa measure per namespace", () => {
  it("is the family's entry, labelled with the namespace", () => {
    expect(measureInfo("cafa.namespaces.BPO.wfmax")).toMatchObject({
      key: "cafa.namespaces.BPO.wfmax",
      label: "wFmax, BPO",
      direction: "higher",
    });
    expect(measureInfo("cafa.namespaces.GO.0008150.smin")?.direction).toBe("lower");
    expect(measureInfo("cafa.namespaces.BPO.nothing")).toBeUndefined();
  });
});

describe("parseCafaScores holds each protein's scores compactly", () => {
  it("gives the scores in the order first given, a pair again keeping its largest, also when a protein's lines are apart", () => {
    const pred = parseCafaScores("P1\tC\t0.5\nP1\tA\t0.25\nP2\tD\t0.75\nP1\tC\t0.875\nP1\tB\t0.125\nP2\tD\t0.5\n", {
      taxonomy,
      firstLine: 10,
    });
    const id = (name: string) => taxonomy.id(name)!;
    const p1 = pred.entries.get("P1")!.scores!;
    expect([...p1]).toEqual([
      [id("C"), 0.875],
      [id("A"), 0.25],
      [id("B"), 0.125],
    ]);
    expect(p1.size).toBe(3);
    expect(p1.get(id("A"))).toBe(0.25);
    expect(p1.has(id("D"))).toBe(false);
    expect([...pred.entries.get("P2")!.scores!.entries()]).toEqual([[id("D"), 0.75]]);
    expect(pred.entries.get("P1")!.line).toBe(10);
  });

  it("counts line numbers from `firstLine`, for a shard of a larger file", () => {
    const error = (() => {
      try {
        parseCafaScores("P1\tA\t0.5\nP1\tA\t2\n", { taxonomy, fileName: "run.tsv", firstLine: 41 });
      } catch (e) {
        return e as InputError;
      }
    })();
    expect(error?.message).toMatch(/^run\.tsv:42: /);
  });
});
