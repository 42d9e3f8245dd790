import { describe, expect, it } from "vitest";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { prepareDocuments } from "../../scoring/prepared-document.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import { ROOT } from "../../taxonomy/taxonomy.ts";
import { idsOf, taxonomyOf } from "../testing/family-test-kit.ts";

// A DAG: root → X → Z, root → Y → Z, Z → W. Z has two parents.
const dag = taxonomyOf([
  [null, "X"],
  [null, "Y"],
  ["X", "Z"],
  ["Y", "Z"],
  ["Z", "W"],
]);
const gold = parseLabelText("d1\tZ\n", { taxonomy: dag, role: "gold", format: "tsv" });
const byPath = parseLabelText('{"id": "d1", "paths": [["X", "Z"]]}\n', { taxonomy: dag, role: "prediction", format: "jsonl" });
const byLabel = parseLabelText("d1\tZ\n", { taxonomy: dag, role: "prediction", format: "tsv" });
const all = "all" as const;

type Rates = { precision: number; recall: number; f1: number; macro: Record<string, number> };

describe("the true-path rule: a path prediction implies every ancestor of its end node, by every path", () => {
  it("a label with two parents, predicted by a path along one of them, gives hP = hR = 1 against the same label", () => {
    const h = evaluate({ taxonomy: dag, gold, pred: byPath }).hierarchical as Rates;
    // Ĝ = {X, Y, Z}; P̂ = the ancestors of Z by every path = {X, Y, Z}, not only the written X → Z.
    expect(h).toMatchObject({ precision: 1, recall: 1, f1: 1, tp: 3, predicted: 3, gold: 3 });
    expect(h.macro).toMatchObject({ precision: 1, recall: 1 });
  });

  it("gives every set-based family the same result for the path as for its end node as a label", () => {
    const fromPath = evaluate({ taxonomy: dag, gold, pred: byPath, metrics: all });
    const fromLabel = evaluate({ taxonomy: dag, gold, pred: byLabel, metrics: all });
    for (const family of ["hierarchical", "lca", "mgia", "cophe", "hLoss", "distance", "perLevel", "perSubtree", "flat"]) {
      expect(fromPath[family], family).toEqual(fromLabel[family]);
    }
  });

  it("keeps the descendant-augmented variant on the same rule (the path counts as its end node)", () => {
    const extra = { setBased: { augment: "descendants" } };
    const fromPath = evaluate({ taxonomy: dag, gold, pred: byPath, extra }).hierarchical;
    expect(fromPath).toMatchObject({ precision: 1, recall: 1, tp: 2, predicted: 2, gold: 2, augment: "descendants" });
    expect(fromPath).toEqual(evaluate({ taxonomy: dag, gold, pred: byLabel, extra }).hierarchical);
  });

  it("leaves HC on the paths as written: HC reads the one written route, the set-based families the closure", () => {
    const ctx = scoringContext(dag);
    const [doc] = [...prepareDocuments(ctx, gold, byPath)];
    const [X, Y, Z] = idsOf(dag, ["X", "Y", "Z"]) as [number, number, number];
    expect(doc!.predictedPaths).toEqual([[ROOT, X, Z]]);
    expect([...doc!.predictedClosure].sort()).toEqual([X, Y, Z].sort());
  });
});
