import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { hLossFamily } from "./h-loss-family.ts";
import { documentLosses, siblingCosts } from "./hierarchical-loss.ts";

// root → A, B; A → A1, A2; A1 → A11; B → B1
const taxonomy = taxonomyOf([
  [null, "A"],
  [null, "B"],
  ["A", "A1"],
  ["A", "A2"],
  ["A1", "A11"],
  ["B", "B1"],
]);
const id = (name: string) => idsOf(taxonomy, [name])[0]!;
const set = (...names: string[]) => new Set(idsOf(taxonomy, names));

describe("documentLosses (the @example)", () => {
  it("charges a mistake only where every ancestor is right", () => {
    // Closures: G = {A, A1, A11}, P = {A, A2, B, B1}; G Δ P = {A1, A11, A2, B, B1}.
    // A1, A2 and B have only right ancestors (A, or none); A11 sits below A1 and B1 below B.
    expect(documentLosses(taxonomy, set("A", "A1", "A11"), set("A", "A2", "B", "B1"))).toEqual({
      hLoss: 3,
      symmetricDifference: 5,
      zeroOne: 1,
    });
  });

  it("is 0 for equal sets and 1 for one wrong top-level node with its whole subtree", () => {
    expect(documentLosses(taxonomy, set("A", "A1"), set("A", "A1"))).toEqual({ hLoss: 0, symmetricDifference: 0, zeroOne: 0 });
    expect(documentLosses(taxonomy, set("A", "A1", "A11"), set())).toEqual({ hLoss: 1, symmetricDifference: 3, zeroOne: 1 });
  });

  it("uses the sibling-normalised costs when given", () => {
    // c_A = c_B = 1/2 (two top-level nodes); c_A1 = c_A2 = 1/2 / 2 = 1/4; c_A11 = 1/4; c_B1 = 1/2.
    const costs = siblingCosts(taxonomy);
    expect([costs[id("A")], costs[id("B")], costs[id("A1")], costs[id("A2")], costs[id("A11")], costs[id("B1")]]).toEqual([
      0.5, 0.5, 0.25, 0.25, 0.25, 0.5,
    ]);
    // Charged: A1 (1/4) + A2 (1/4) + B (1/2) = 1.
    expect(documentLosses(taxonomy, set("A", "A1", "A11"), set("A", "A2", "B", "B1"), costs).hLoss).toBe(1);
  });

  it("averages sibling costs over the parents of a DAG node", () => {
    // root → X, Y; X → Z, W; Y → Z. c_X = c_Y = 1/2; c_Z = mean(1/2 / 2, 1/2 / 1) = 3/8.
    const dag = taxonomyOf([
      [null, "X"],
      [null, "Y"],
      ["X", "Z"],
      ["X", "W"],
      ["Y", "Z"],
    ]);
    expect(siblingCosts(dag)[idsOf(dag, ["Z"])[0]!]).toBe(0.375);
  });
});

describe("hLoss family", () => {
  it("averages the losses over documents, on ancestor-closed labels", () => {
    const result = scoreWith(hLossFamily, taxonomy, [
      { gold: ["A11"], pred: ["A2", "B1"] }, // 3, 5, 1 (see above)
      { gold: ["B1"], pred: ["B", "B1"] }, // equal closures: 0, 0, 0
    ]);
    expect(result).toEqual({ hLoss: 1.5, symmetricDifference: 2.5, zeroOne: 0.5, costs: "uniform", undefined: [] });
  });

  it("refuses unknown cost coefficients", () => {
    expect(() => scoreWith(hLossFamily, taxonomy, [{ gold: ["A"], pred: ["B"] }], { extra: { hLoss: { costs: "depth" } } })).toThrow(
      InputError,
    );
  });
});
