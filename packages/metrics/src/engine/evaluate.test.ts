import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { evaluate } from "./evaluate.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";

const figure4 = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const dag = parseTaxonomy(readFileSync(new URL("../../test/fixtures/small-dag.tsv", import.meta.url)));
type T = typeof figure4;
const score = (taxonomy: T, goldText: string, predText: string) =>
  evaluate({
    taxonomy,
    gold: parseLabelText(goldText, { taxonomy, role: "gold", fileName: "gold" }),
    pred: parseLabelText(predText, { taxonomy, role: "prediction", fileName: "pred" }),
  });

describe("evaluate on hand-computed fixtures", () => {
  // d1: gold {A, D, I}, predicted {A, D, J}   d2: gold {F}, predicted {} (missing)
  const result = score(figure4, "d1\tA\tD\tI\nd2\tB\tF\n", "d1\tA\tD\tJ\n");

  it("computes the flat measures over the 13-label universe", () => {
    const flat = result.flat as {
      micro: Record<string, number>;
      macro: Record<string, number>;
      subsetAccuracy: number;
      hammingLoss: number;
    };
    // TP = {A, D}, FP = {J}, FN = {I} + {B, F}
    expect(flat.micro).toMatchObject({ tp: 2, fp: 1, fn: 3, precision: 2 / 3, recall: 2 / 5 });
    expect(flat.micro.f1).toBeCloseTo((2 * 2) / (2 * 2 + 1 + 3), 15);
    // Per-label F1: A = 1, D = 1, others 0 → macro F1 = 2/13.
    expect(flat.macro.f1).toBeCloseTo(2 / 13, 15);
    expect(flat.macro.precision).toBeCloseTo(2 / 13, 15);
    expect(flat.subsetAccuracy).toBe(0);
    expect(flat.hammingLoss).toBeCloseTo(4 / 26, 15);
  });

  it("computes HC from the greedy cover (fig. 4a problem 1 plus an empty prediction)", () => {
    // d1 as in fig. 4a p1: [2, 4, 1, 1]. d2: true path root-B-F, prediction [root]:
    // TP 0, FN 2, TN = |Children(root) \ {B}| = 1.
    expect(result.hc).toMatchObject({ tp: 2, tn: 5, fp: 1, fn: 3 });
  });

  it("computes ancestor-augmented hP/hR, micro and per document", () => {
    // Ĝ1 = {A, D, I}, P̂1 = {A, D, J}; Ĝ2 = {B, F}, P̂2 = {}.
    expect(result.hierarchical).toMatchObject({ tp: 2, predicted: 3, gold: 5, precision: 2 / 3, recall: 2 / 5 });
    const macro = (result.hierarchical as { macro: Record<string, number> }).macro;
    expect(macro.precision).toBeCloseTo((2 / 3 + 0) / 2, 15);
    expect(macro.recall).toBeCloseTo((2 / 3 + 0) / 2, 15);
    expect(result.warnings).toEqual(['pred: no prediction for 1 of 2 gold documents ("d2"); they count as empty predictions']);
  });

  it("implies the ancestors of an inner-node label in HC and hP, not in flat", () => {
    const r = score(figure4, "d1\tI\n", "d1\tD\n");
    expect(r.hc).toMatchObject({ tp: 2, tn: 5, fp: 0, fn: 1 }); // pred_inner_node_NMLNP
    expect(r.hierarchical).toMatchObject({ precision: 1, recall: 2 / 3 });
    expect((r.flat as { micro: Record<string, number> }).micro).toMatchObject({ tp: 0, fp: 1, fn: 1 });
  });

  it("scores multi-path predictions, best match first", () => {
    // Gold {I, F}; predicted labels H, M cover to p1 = r-A-C-H and p2 = r-A-E-M.
    // Both share r-A with I, so m = 2 for each; p2 sorts first (E > C).
    // p2 vs I (r-A-D-I): TP 1, FP 2 (E, M), FN 2 (D, I), TN |N(A)| + |{C}| = 2.
    // p1 vs F (r-B-F):   TP 0, FP 3, FN 2, TN |Children(r) \ {A, B}| = 0.
    expect(score(figure4, "d1\tI\tF\n", "d1\tH\tM\n").hc).toMatchObject({ tp: 1, tn: 2, fp: 5, fn: 4 });
  });

  it("scores a DAG: a gold label stands for all its root paths", () => {
    // Gold Y has paths root-A-X-Y and root-B-X-Y; predicting Y via the greedy
    // cover picks root-A-X-Y (the first in enumeration order): a perfect match.
    const r = score(dag, "d1\tY\n", "d1\tY\n");
    expect(r.hc).toMatchObject({ tp: 3, fp: 0, fn: 0 });
    // Predicting B-X-Y explicitly also matches its own true path.
    const viaB = evaluate({
      taxonomy: dag,
      gold: parseLabelText("d1\tY\n", { taxonomy: dag, role: "gold" }),
      pred: parseLabelText('{"id": "d1", "paths": [["B", "X", "Y"]]}', { taxonomy: dag, role: "prediction" }),
    });
    expect(viaB.hc).toMatchObject({ tp: 3, fp: 0, fn: 0 });
    // Ĝ = {A, B, X, Y}; the predicted path B-X-Y implies every ancestor of Y (the true-path rule): P̂ = {A, B, X, Y}.
    expect(viaB.hierarchical).toMatchObject({ precision: 1, recall: 1 });
  });

  it("applies the soft-score threshold", () => {
    const taxonomy = figure4;
    const gold = parseLabelText("d1\tI\n", { taxonomy, role: "gold" });
    const pred = parseLabelText('{"id": "d1", "scores": {"I": 0.7, "J": 0.4}}', { taxonomy, role: "prediction" });
    expect((evaluate({ taxonomy, gold, pred }).flat as { micro: Record<string, number> }).micro).toMatchObject({ tp: 1, fp: 0 });
    expect((evaluate({ taxonomy, gold, pred, threshold: 0.3 }).flat as { micro: Record<string, number> }).micro).toMatchObject({
      tp: 1,
      fp: 1,
    });
  });

  it("records undefined measures instead of dividing by zero", () => {
    const r = score(figure4, "d1\n", "d1\n");
    const hc = r.hc as { undefined: string[]; precision: number };
    expect(hc.precision).toBe(0);
    expect(hc.undefined).toContain("precision");
    expect(flattenMeasures(r)["hc.precision"]).toBe(0);
  });

  it("refuses bad options", () => {
    const gold = parseLabelText("d1\tI\n", { taxonomy: figure4, role: "gold" });
    expect(() => evaluate({ taxonomy: figure4, gold, pred: gold, beta: 0 })).toThrow(/beta > 0/);
    expect(() => evaluate({ taxonomy: figure4, gold, pred: gold, threshold: 2 })).toThrow(/threshold in \[0, 1\]/);
    expect(() => evaluate({ taxonomy: figure4, gold, pred: gold, metrics: ["nope"] })).toThrow(/metric family/);
  });
});

describe("evaluate with family timing", () => {
  it("gives the same result, byte for byte, and each family's seconds (batches of 256 documents and a remainder)", () => {
    const labels = ["A", "C", "D", "E", "H", "I", "J", "B", "F"];
    // 600 documents: two full batches of a timed update and a partial one.
    const lines = (shift: number) =>
      Array.from({ length: 600 }, (_, i) =>
        [`d${i}`, labels[(i * 7 + shift) % labels.length], labels[(i * 3) % labels.length]].join("\t"),
      ).join("\n");
    const input = {
      taxonomy: figure4,
      gold: parseLabelText(lines(0), { taxonomy: figure4, role: "gold" }),
      pred: parseLabelText(lines(2), { taxonomy: figure4, role: "prediction" }),
      metrics: "all" as const,
    };
    const familySeconds: Record<string, number> = {};
    const timed = evaluate(input, { familySeconds });
    expect(JSON.stringify(timed)).toBe(JSON.stringify(evaluate(input)));
    expect(timed.documents).toBe(600);
    expect(Object.keys(familySeconds).sort()).toEqual(
      ["cophe", "distance", "flat", "hLoss", "hc", "hierarchical", "lca", "mgia", "perLevel", "perSubtree", "soft"].sort(),
    );
    for (const seconds of Object.values(familySeconds)) expect(seconds).toBeGreaterThanOrEqual(0);
    expect(Object.values(familySeconds).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
