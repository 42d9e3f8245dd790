import { describe, expect, it } from "vitest";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import { UndefinedMeasures } from "../../scoring/measure-family.ts";
import { copheOptions, levelKey } from "../cophe/cophe-family.ts";
import { distanceOptions } from "../distance/distance-options.ts";
import { hLossCosts } from "../h-loss/hierarchical-loss.ts";
import { countGroupedConfusion, groupRates } from "../per-level/grouped-confusion.ts";
import { topLevelSubtrees } from "../per-level/top-level-subtrees.ts";
import { listedOverlap, setAugmentation } from "../set-based/descendant-augmentation.ts";
import { idsOf, prepare, taxonomyOf } from "./family-test-kit.ts";

// The @example of each exported function of the cophe, h-loss, distance,
// per-level and set-based (descendant) modules that no other test mirrors.

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

describe("option readers", () => {
  it("copheOptions and levelKey", () => {
    expect(copheOptions(scoringContext(taxonomy, { extra: { cophe: { levels: 2 } } }))).toEqual({ levels: 2 });
    expect(copheOptions(scoringContext(taxonomy))).toEqual({ levels: 3 });
    expect(levelKey(3)).toBe("e2");
  });

  it("hLossCosts", () => {
    expect(hLossCosts(scoringContext(taxonomy, { extra: { hLoss: { costs: "siblings" } } }))).toBe("siblings");
    expect(hLossCosts(scoringContext(taxonomy))).toBe("uniform");
  });

  it("distanceOptions", () => {
    expect(distanceOptions(scoringContext(taxonomy, { extra: { distance: { disTheta: 3 } } }))).toEqual({
      disTheta: 3,
      weights: "constant",
      labels: "closure",
    });
  });

  it("setAugmentation", () => {
    expect(setAugmentation(scoringContext(taxonomy, { extra: { setBased: { augment: "descendants" } } }))).toBe("descendants");
    expect(setAugmentation(scoringContext(taxonomy))).toBe("ancestors");
  });
});

describe("grouped counts", () => {
  it("countGroupedConfusion with one group per depth", () => {
    const ctx = scoringContext(taxonomy);
    const [doc] = prepare(ctx, [{ gold: ["A", "A11"], pred: ["A", "A12"] }]);
    const sums = new Float64Array(18);
    countGroupedConfusion(doc!, (node) => [taxonomy.depth[node]! - 1], { add: (i, v) => (sums[i]! += v) });
    const nonZero = [...sums].flatMap((v, i) => (v ? [i] : []));
    expect(nonZero).toEqual([0, 3, 9, 13, 14, 16, 17]);
  });

  it("groupRates", () => {
    expect(groupRates(Float64Array.of(1, 1, 0, 2, 0, 2), 0, "levels.1", new UndefinedMeasures())).toEqual({
      flat: { tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1, f1: 2 / 3 },
      augmented: { tp: 2, fp: 0, fn: 2, precision: 1, recall: 0.5, f1: 2 / 3 },
    });
  });

  it("topLevelSubtrees", () => {
    const small = taxonomyOf([
      [null, "A"],
      ["A", "A1"],
      [null, "B"],
    ]);
    const [a, a1, b] = idsOf(small, ["A", "A1", "B"]);
    const { tops, of } = topLevelSubtrees(small);
    expect(tops).toEqual([a, b]);
    expect([[...of[0]!], [...of[a!]!], [...of[a1!]!], [...of[b!]!]]).toEqual([[], [0], [0], [1]]);
  });

  it("listedOverlap", () => {
    const dag = taxonomyOf([
      [null, "X"],
      [null, "Y"],
      ["X", "Z"],
      ["Y", "Z"],
      ["Z", "W"],
    ]);
    const [x, y] = idsOf(dag, ["X", "Y"]);
    expect(listedOverlap(dag, [x!], [y!])).toEqual({ tp: 2, predicted: 3, gold: 3 });
  });
});

describe("the families through evaluate (their @examples)", () => {
  const gold = parseLabelText("d1\tA\tA1\tA11\nd2\tB\tB1\n", { taxonomy, role: "gold" });
  const pred = parseLabelText("d1\tA\tA1\tA12\nd2\tB\n", { taxonomy, role: "prediction" });
  // biome-ignore lint/suspicious/noExplicitAny: walks result objects of every family by key path
  type Any = Record<string, any>;

  it("cophe", () => {
    const result = evaluate({ taxonomy, gold, pred, metrics: ["cophe"], extra: { cophe: { levels: 2 } } }) as Any;
    // e2: A12 FP, A11 FN; e1: A1 TP, B1 FN. Overall over e2 and e1: TP 1, FP 1, FN 2.
    expect(result.cophe.overall).toMatchObject({ tp: 1, fp: 1, fn: 2 });
    expect(result.cophe.levels.e1.fp).toBe(0);
    expect(result.cophe.setBased.overall.f1).toBeCloseTo(2 / 5, 12);
    expect(result.cophe.leafOnly.f1).toBe(0); // prediction-level {A12} and {B} against {A11} and {B1}
  });

  it("hLoss", () => {
    const result = evaluate({ taxonomy, gold, pred, metrics: ["hLoss"], extra: { hLoss: { costs: "siblings" } } }) as Any;
    // d1: A11 (1/8) and A12 (1/8) wrong; d2: B1 (1/2) wrong. Mean (1/4 + 1/2) / 2.
    expect(result.hLoss.hLoss).toBeCloseTo(0.375, 12);
    expect(result.hLoss.symmetricDifference).toBe(1.5);
    expect(result.hLoss.zeroOne).toBe(1);
  });

  it("distance", () => {
    const result = evaluate({
      taxonomy,
      gold,
      pred,
      metrics: ["distance"],
      extra: { distance: { disTheta: 2, weights: { decay: 0.75 } } },
    }) as Any;
    // Edge weights 0.75 (root–top), 0.5625, 0.421875. Closures: d1 G {A, A1, A11}, P {A, A1, A12}; d2 G {B, B1}, P {B}.
    // A12 FP: Σ_G 1 − Dis/2 = (1 − 0.984375/2) + (1 − 0.421875/2) + (1 − 0.84375/2) = 1.875 → 1; A11 FN likewise → 1.
    // B1 FN: 1 − Dis(B, B1)/2 = 1 − 0.5625/2 = 0.71875.
    // Σ A_j = 1 (A) + 1 (A1) + 1 (A12) + 1 (A11) + 1 (B) + 0.71875 (B1) = 5.71875
    // Σ D^P = 1 + 1 + 1 + 1 + 1 + 0.71875 → P = 1;  Σ D^R = 6 → R = 0.953125
    expect(result.distance.micro.precision).toBe(1);
    expect(result.distance.micro.recall).toBeCloseTo(0.953125, 12);
    expect(result.distance.micro.f1).toBeCloseTo((2 * 0.953125) / 1.953125, 12);
    // Per class: every Pr_j = 1 (B1: 0.71875 / 0.71875); Re_j = 1 except B1 = 0.71875.
    expect(result.distance.macro.precision).toBe(1);
    expect(result.distance.macro.recall).toBeCloseTo(5.71875 / 6, 12);
  });

  it("perLevel and perSubtree", () => {
    const result = evaluate({ taxonomy, gold, pred, metrics: ["perLevel", "perSubtree"] }) as Any;
    expect(result.perLevel.levels[2].augmented.f1).toBeCloseTo(2 / 3, 12); // A1 TP, B1 FN
    expect(result.perLevel.levels[3].flat.tp).toBe(0);
    expect(result.perSubtree.subtrees.B.flat).toMatchObject({ tp: 1, fp: 0, fn: 1 });
  });
});
