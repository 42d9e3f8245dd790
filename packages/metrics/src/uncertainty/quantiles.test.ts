import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quantile, selectedQuantile } from "./quantiles.ts";

describe("quantile", () => {
  it("interpolates linearly like NumPy's default", () => {
    const sorted = Float64Array.from([1, 2, 3, 4]);
    // numpy.quantile([1, 2, 3, 4], [0.025, 0.5, 0.975]) → [1.075, 2.5, 3.925]
    expect(quantile(sorted, 0.025)).toBeCloseTo(1.075, 12);
    expect(quantile(sorted, 0.5)).toBe(2.5);
    expect(quantile(sorted, 0.975)).toBeCloseTo(3.925, 12);
  });
});

describe("selectedQuantile", () => {
  // Resample values repeat a lot (a measure takes few distinct values) and may be −0 or +0.
  const values = fc.array(fc.oneof(fc.constantFrom(0, -0, 1, 0.5, -0.25), fc.double({ noNaN: true, noDefaultInfinity: true })), {
    minLength: 1,
    maxLength: 300,
  });
  const level = fc.oneof(fc.constantFrom(0, 1, 0.025, 0.975, 0.5), fc.double({ min: 0, max: 1, noNaN: true }));

  it("equals the quantile of the sorted values, bit for bit, whatever their order and ties (property)", () => {
    fc.assert(
      fc.property(values, level, level, (list, p, q) => {
        const sorted = Float64Array.from(list).sort();
        const unsorted = Float64Array.from(list);
        // Two levels in turn on one array, as the bootstrap reads an interval's ends.
        expect(Object.is(selectedQuantile(unsorted, p), quantile(sorted, p))).toBe(true);
        expect(Object.is(selectedQuantile(unsorted, q), quantile(sorted, q))).toBe(true);
        expect(unsorted.slice().sort()).toEqual(sorted);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the two order statistics around the level", () => {
    const values = Float64Array.from([9, 1, 8, 2, 7, 3, 6, 4, 5, 0]);
    // h = 9 · 0.5 = 4.5: halfway between ranks 4 and 5, the values 4 and 5
    expect(selectedQuantile(values, 0.5)).toBe(4.5);
    expect(selectedQuantile(values, 0)).toBe(0);
    expect(selectedQuantile(values, 1)).toBe(9);
    expect(selectedQuantile(Float64Array.from([3]), 0.3)).toBe(3);
  });
});
