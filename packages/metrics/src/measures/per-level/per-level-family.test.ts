import { describe, expect, it } from "vitest";
import { UndefinedMeasures } from "../../scoring/measure-family.ts";
import { hierarchicalFamily } from "../set-based/hierarchical-family.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { countRates } from "./count-rates.ts";
import { perLevelFamily } from "./per-level-family.ts";
import { perSubtreeFamily } from "./per-subtree-family.ts";
import { topLevelSubtrees } from "./top-level-subtrees.ts";

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
const docs = [
  // Flat: TP {A}, FP {A12}, FN {A11}. Augmented: G = {A, A1, A11}, P = {A, A1, A12}.
  { gold: ["A", "A11"], pred: ["A", "A12"] },
  // Flat: FP {B1}, FN {A2}. Augmented: G = {A, A2}, P = {B, B1}.
  { gold: ["A2"], pred: ["B1"] },
];
type Counts = { tp: number; fp: number; fn: number; precision: number; recall: number; f1: number };
type Views = { flat: Counts; augmented: Counts };

describe("countRates (the @example)", () => {
  it("gives P, R and F1 from TP, FP, FN", () => {
    expect(countRates(6, 5, 2, "overall", new UndefinedMeasures())).toEqual({
      tp: 6,
      fp: 5,
      fn: 2,
      precision: 6 / 11,
      recall: 0.75,
      f1: 12 / 19,
    });
  });

  it("lists each rate with a zero denominator under its name and suffix, in the order P, R, F1", () => {
    const u = new UndefinedMeasures(Number.NaN);
    const rates = countRates(0, 0, 3, "subtrees.A", u, ".flat");
    expect(rates).toEqual({ tp: 0, fp: 0, fn: 3, precision: Number.NaN, recall: 0, f1: 0 });
    countRates(0, 0, 0, "leafOnly", u);
    expect(u.names).toEqual(["subtrees.A.flat.precision", "leafOnly.precision", "leafOnly.recall", "leafOnly.f1"]);
  });
});

describe("perLevel", () => {
  const result = scoreWith(perLevelFamily, taxonomy, docs) as { levels: Record<string, Views>; undefined: string[] };

  it("counts each depth separately, flat and augmented", () => {
    const counts = (v: Counts) => [v.tp, v.fp, v.fn];
    // Depth 1 — flat: A TP; augmented: A TP (doc 1), A FN + B FP (doc 2).
    expect(counts(result.levels[1]!.flat)).toEqual([1, 0, 0]);
    expect(counts(result.levels[1]!.augmented)).toEqual([1, 1, 1]);
    // Depth 2 — flat: A2 FN; augmented: A1 TP (doc 1), B1 FP and A2 FN (doc 2).
    expect(counts(result.levels[2]!.flat)).toEqual([0, 1, 1]);
    expect(counts(result.levels[2]!.augmented)).toEqual([1, 1, 1]);
    // Depth 3 — A12 FP and A11 FN in both views.
    expect(counts(result.levels[3]!.flat)).toEqual([0, 1, 1]);
    expect(counts(result.levels[3]!.augmented)).toEqual([0, 1, 1]);
    expect(result.levels[2]!.augmented).toMatchObject({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(Object.keys(result.levels)).toEqual(["1", "2", "3"]);
  });

  it("sums, over the depths of the augmented view, to the hierarchical family's counts", () => {
    const h = scoreWith(hierarchicalFamily, taxonomy, docs) as { tp: number; predicted: number; gold: number };
    const levels = Object.values(result.levels).map((v) => v.augmented);
    expect(levels.reduce((s, v) => s + v.tp, 0)).toBe(h.tp);
    expect(levels.reduce((s, v) => s + v.tp + v.fp, 0)).toBe(h.predicted);
    expect(levels.reduce((s, v) => s + v.tp + v.fn, 0)).toBe(h.gold);
  });

  it("reports a level with nothing in it as undefined", () => {
    const r = scoreWith(perLevelFamily, taxonomy, [{ gold: ["B"], pred: ["B"] }]) as { undefined: string[] };
    expect(r.undefined).toContain("levels.3.flat.precision");
    expect(r.undefined).not.toContain("levels.1.flat.precision");
  });
});

describe("perSubtree", () => {
  it("lists the rates of a subtree with nothing in it as undefined, by the subtree's name", () => {
    const r = scoreWith(perSubtreeFamily, taxonomy, [{ gold: ["A1"], pred: ["A1"] }]) as { undefined: string[] };
    expect(r.undefined).toEqual([
      "subtrees.B.flat.precision",
      "subtrees.B.flat.recall",
      "subtrees.B.flat.f1",
      "subtrees.B.augmented.precision",
      "subtrees.B.augmented.recall",
      "subtrees.B.augmented.f1",
    ]);
  });

  it("counts each top-level subtree separately, keyed by the top-level label", () => {
    const result = scoreWith(perSubtreeFamily, taxonomy, docs) as { subtrees: Record<string, Views> };
    expect(Object.keys(result.subtrees)).toEqual(["A", "B"]);
    // A — flat: A TP, A12 FP, A11 FN, A2 FN; augmented: A, A1 TP, A12 FP, A11 FN, then A, A2 FN.
    expect(result.subtrees.A!.flat).toMatchObject({ tp: 1, fp: 1, fn: 2 });
    expect(result.subtrees.A!.augmented).toMatchObject({ tp: 2, fp: 1, fn: 3 });
    // B — B1 FP (flat); B, B1 FP (augmented).
    expect(result.subtrees.B!.flat).toMatchObject({ tp: 0, fp: 1, fn: 0 });
    expect(result.subtrees.B!.augmented).toMatchObject({ tp: 0, fp: 2, fn: 0 });
  });

  it("puts a DAG node in the subtree of every top-level ancestor", () => {
    // root → X → Z, root → Y → Z
    const dag = taxonomyOf([
      [null, "X"],
      [null, "Y"],
      ["X", "Z"],
      ["Y", "Z"],
    ]);
    const [x, y, z] = idsOf(dag, ["X", "Y", "Z"]);
    const { tops, of } = topLevelSubtrees(dag);
    expect(tops).toEqual([x, y]);
    expect([...of[z!]!]).toEqual([0, 1]);
    const result = scoreWith(perSubtreeFamily, dag, [{ gold: ["Z"], pred: ["Z"] }]) as { subtrees: Record<string, Views> };
    expect(result.subtrees.X!.flat).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(result.subtrees.Y!.augmented).toMatchObject({ tp: 2, fp: 0, fn: 0 }); // Y and Z
  });
});
