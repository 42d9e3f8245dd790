import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kendallTauB } from "./kendall-tau-b.ts";

const values = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 25 });

describe("kendallTauB", () => {
  it("matches the TSDoc examples", () => {
    expect(kendallTauB([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(5 / Math.sqrt(30), 15);
  });

  it("matches SciPy on a tied case", () => {
    // scipy.stats.kendalltau([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) → −0.47140452079103173
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 12);
  });

  it("is undefined for a constant list", () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it("is symmetric and within [−1, 1]", () => {
    fc.assert(
      fc.property(
        values.chain((x) =>
          fc.tuple(fc.constant(x), fc.array(fc.integer({ min: 0, max: 6 }), { minLength: x.length, maxLength: x.length })),
        ),
        ([x, y]) => {
          const t = kendallTauB(x, y);
          const u = kendallTauB(y, x);
          if (Number.isNaN(t)) expect(u).toBeNaN();
          else {
            expect(t).toBeCloseTo(u, 12);
            expect(t).toBeGreaterThanOrEqual(-1 - 1e-12);
            expect(t).toBeLessThanOrEqual(1 + 1e-12);
          }
        },
      ),
    );
  });

  it("is 1 for identical rankings and −1 for reversed ones, ties included", () => {
    fc.assert(
      fc.property(values, (x) => {
        if (new Set(x).size < 2) return;
        expect(kendallTauB(x, x)).toBeCloseTo(1, 12);
        expect(
          kendallTauB(
            x,
            x.map((v) => -v),
          ),
        ).toBeCloseTo(-1, 12);
      }),
    );
  });
});
