import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { areaUnderPrCurve, prPointsFromBins } from "./pr-curve.ts";
import { exactPoints } from "./soft-fixture.ts";

describe("areaUnderPrCurve", () => {
  it("integrates the Davis & Goadrich interpolation (the TSDoc example, by hand)", () => {
    // (0.9,+): TP1 FP0, P = 1 from recall 0 to 0.5 → 0.5
    // (0.8,−): TP1 FP1, recall unchanged → 0
    // (0.7,+): TP 1→2 with skew 0: ∫₀¹ (1+x)/(2+x) dx / 2 = (1 − ln 1.5)/2
    // (0.1,−): recall unchanged → 0
    const points = exactPoints([
      [0.9, true],
      [0.8, false],
      [0.7, true],
      [0.1, false],
    ]);
    expect(points).toEqual([
      { tp: 1, fp: 0 },
      { tp: 1, fp: 1 },
      { tp: 2, fp: 1 },
      { tp: 2, fp: 2 },
    ]);
    expect(areaUnderPrCurve(points, 2)).toBeCloseTo(0.5 + (1 - Math.log(1.5)) / 2, 14);
  });

  it("interpolates a segment with skew: from (1,1) to (3,2), k = 1.5", () => {
    // ∫₀² (1+x)/(2+1.5x) dx = 2/1.5 + (1 − 2/1.5)/1.5 · ln(5/2)
    const expected = (2 / 1.5 + ((1 - 2 / 1.5) / 1.5) * Math.log(2.5)) / 4;
    expect(
      areaUnderPrCurve(
        [
          { tp: 1, fp: 1 },
          { tp: 3, fp: 2 },
        ],
        4,
      ),
    ).toBeCloseTo(0.5 * 0.25 + expected, 14);
  });

  it("is 1 for a perfect ranking, NaN without positives, and within [0, 1]", () => {
    expect(
      areaUnderPrCurve(
        [
          { tp: 3, fp: 0 },
          { tp: 3, fp: 5 },
        ],
        3,
      ),
    ).toBe(1);
    expect(areaUnderPrCurve([{ tp: 0, fp: 2 }], 0)).toBeNaN();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean()), { minLength: 1, maxLength: 40 }), (raw) => {
        const pairs = raw.map(([s, p]) => [s / 20, p] as const);
        const positives = pairs.filter(([, p]) => p).length;
        if (positives === 0) return;
        const area = areaUnderPrCurve(exactPoints(pairs), positives);
        expect(area).toBeGreaterThanOrEqual(0);
        expect(area).toBeLessThanOrEqual(1 + 1e-12);
      }),
    );
  });
});

describe("prPointsFromBins", () => {
  it("reads bins from the top (the TSDoc example)", () => {
    expect(prPointsFromBins([0, 0, 1, 1], [1, 1, 0, 1])).toEqual([
      { tp: 1, fp: 1 },
      { tp: 2, fp: 1 },
      { tp: 2, fp: 2 },
      { tp: 2, fp: 3 },
    ]);
  });

  it("visits only the given bins and gives the full scan's points when they cover every non-empty bin (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(3), fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 40 }), (cells) => {
        const positives = cells.map(([p]) => p);
        const negatives = cells.map(([, n]) => n);
        // every non-empty bin, plus some empty ones
        const bins = Int32Array.from(cells.keys()).filter((b) => positives[b]! + negatives[b]! > 0 || cells[b]![2]);
        expect(prPointsFromBins(positives, negatives, bins)).toEqual(prPointsFromBins(positives, negatives));
      }),
    );
    expect(prPointsFromBins([1, 1, 1], [0, 0, 0], Int32Array.of(0, 2))).toEqual([
      { tp: 1, fp: 0 },
      { tp: 2, fp: 0 },
    ]);
  });
});
