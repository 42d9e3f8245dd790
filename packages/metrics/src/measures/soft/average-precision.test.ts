import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../engine/evaluate.ts";
import { taxonomyOf } from "../testing/family-test-kit.ts";
import { averagePrecision } from "./pr-curve.ts";
import { goldOf, scoresOf, smallTree } from "./soft-fixture.ts";

interface Case {
  name: string;
  classes: string[];
  yTrue: number[][];
  yScore: number[][];
  averagePrecision: number;
}

// Values computed by the step-wise definition of scikit-learn's
// average_precision_score(average="micro"), independently (see the fixture's README).
const fixture = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/average-precision/average-precision.json", import.meta.url), "utf8"),
) as { cases: Case[] };

describe('soft.averagePrecision equals scikit-learn\'s average_precision_score(average="micro")', () => {
  it("mirrors the averagePrecision @example: 5/6", () => {
    expect(
      averagePrecision(
        [
          { tp: 1, fp: 0 },
          { tp: 1, fp: 1 },
          { tp: 2, fp: 1 },
          { tp: 2, fp: 2 },
        ],
        2,
      ),
    ).toBeCloseTo(5 / 6, 15);
    expect(averagePrecision([], 0)).toBeNaN();
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    // Classes side by side under the root: y_true and y_score are then exactly the matrices of the fixture.
    const taxonomy = taxonomyOf(c.classes.map((name) => [null, name] as const));
    const gold = goldOf(
      taxonomy,
      c.yTrue.map((row) => c.classes.filter((_, j) => row[j] === 1)),
    );
    const pred = scoresOf(
      taxonomy,
      c.yScore.map((row) => Object.fromEntries(c.classes.map((name, j) => [name, row[j]!]))),
    );
    const soft = evaluate({ taxonomy, gold, pred, metrics: ["soft"] }).soft as { averagePrecision: number; auprc: number };
    expect(
      Math.abs(soft.averagePrecision - c.averagePrecision),
      `expected ${c.averagePrecision}, got ${soft.averagePrecision}`,
    ).toBeLessThanOrEqual(1e-12);
  });

  it("differs from the interpolated AU(PRC) on the same curve, and is 1 for a perfect ranking", () => {
    const taxonomy = smallTree();
    const gold = goldOf(taxonomy, [["A1"], ["B2"]]);
    const soft = (scores: Record<string, number>[]) =>
      evaluate({ taxonomy, gold, pred: scoresOf(taxonomy, scores), metrics: ["soft"] }).soft as { averagePrecision: number; auprc: number };
    const perfect = soft([{ A1: 0.9 }, { B2: 0.8 }]);
    expect(perfect.averagePrecision).toBe(1);
    const mixed = soft([
      { A1: 0.6, B1: 0.7 },
      { B2: 0.3, A2: 0.5 },
    ]);
    expect(mixed.averagePrecision).toBeGreaterThan(0);
    expect(mixed.averagePrecision).not.toBeCloseTo(mixed.auprc, 6);
  });
});
