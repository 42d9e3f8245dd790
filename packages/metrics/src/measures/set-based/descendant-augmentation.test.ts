import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { descendantOverlap, listedOverlap } from "./descendant-augmentation.ts";
import { hierarchicalFamily } from "./hierarchical-family.ts";

// root → A → A1 → A11, A1 → A12; A → A2; root → B → B1
const taxonomy = taxonomyOf([
  [null, "A"],
  [null, "B"],
  ["A", "A1"],
  ["A", "A2"],
  ["A1", "A11"],
  ["A1", "A12"],
  ["B", "B1"],
]);
const ids = (...names: string[]) => idsOf(taxonomy, names);

describe("descendantOverlap (Ipeirotis et al.'s descendant augmentation)", () => {
  it("augments each label with its subtree", () => {
    // Ĝ = {A11}, P̂ = {A1, A11, A12}: |Ĝ∩P̂| = 1.
    expect(descendantOverlap(taxonomy, ids("A11"), ids("A1"))).toEqual({ tp: 1, predicted: 3, gold: 1 });
    // Ĝ = {A, A1, A2, A11, A12} (A1 adds nothing), P̂ = {A1, A11, A12, B, B1}: overlap {A1, A11, A12}.
    expect(descendantOverlap(taxonomy, ids("A", "A1"), ids("A1", "B"))).toEqual({ tp: 3, predicted: 5, gold: 5 });
    expect(descendantOverlap(taxonomy, [], ids("B"))).toEqual({ tp: 0, predicted: 2, gold: 0 });
  });

  it("agrees with listing the sets, on random label sets of a tree", () => {
    const label = fc.integer({ min: 1, max: taxonomy.size });
    fc.assert(
      fc.property(fc.array(label, { maxLength: 5 }), fc.array(label, { maxLength: 5 }), (gold, predicted) => {
        expect(descendantOverlap(taxonomy, gold, predicted)).toEqual(listedOverlap(taxonomy, gold, predicted));
      }),
    );
  });

  it("lists the sets in a DAG, where subtrees overlap", () => {
    // root → X → Z, root → Y → Z, Z → W. Ĝ = {X, Z, W}, P̂ = {Y, Z, W}.
    const dag = taxonomyOf([
      [null, "X"],
      [null, "Y"],
      ["X", "Z"],
      ["Y", "Z"],
      ["Z", "W"],
    ]);
    expect(descendantOverlap(dag, idsOf(dag, ["X"]), idsOf(dag, ["Y"]))).toEqual({ tp: 2, predicted: 3, gold: 3 });
  });
});

describe("hierarchical family with setBased.augment", () => {
  const docs = [
    { gold: ["A11"], pred: ["A1"] }, // descendants: tp 1, |P̂| 3, |Ĝ| 1; ancestors: tp 2, |P̂| 2, |Ĝ| 3
    { gold: ["B1"], pred: ["B1"] }, // descendants: 1, 1, 1; ancestors: 2, 2, 2
  ];

  it("uses descendants when asked, and says so", () => {
    const r = scoreWith(hierarchicalFamily, taxonomy, docs, { extra: { setBased: { augment: "descendants" } } });
    expect(r).toMatchObject({ tp: 2, predicted: 4, gold: 2, precision: 0.5, recall: 1, augment: "descendants" });
    // Per document: (1/3, 1) and (1, 1).
    expect((r.macro as { precision: number }).precision).toBeCloseTo(2 / 3, 12);
  });

  it("keeps the ancestor default unchanged, without an augment field", () => {
    const r = scoreWith(hierarchicalFamily, taxonomy, docs);
    expect(r).toMatchObject({ tp: 4, predicted: 4, gold: 5, precision: 1, recall: 0.8 });
    expect(r).not.toHaveProperty("augment");
    expect(scoreWith(hierarchicalFamily, taxonomy, docs, { extra: { setBased: { augment: "ancestors" } } })).toEqual(r);
  });

  it("refuses an unknown augmentation", () => {
    expect(() => scoreWith(hierarchicalFamily, taxonomy, docs, { extra: { setBased: { augment: "both" } } })).toThrow(InputError);
  });
});
