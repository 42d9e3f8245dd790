import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { listedCounts, seededCounts, seededRandom } from "./seeded-random.ts";

describe("seededRandom", () => {
  it("repeats its sequence for a seed (the TSDoc example)", () => {
    const first = seededRandom(1);
    const again = seededRandom(1);
    const a = Array.from({ length: 5 }, first);
    expect(Array.from({ length: 5 }, again)).toEqual(a);
    expect(a[0]).toBe(0.6270739405881613);
    expect(seededRandom(2)()).not.toBe(a[0]);
  });

  it("stays in [0, 1) and looks uniform", () => {
    const random = seededRandom(7);
    let sum = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const v = random();
      if (!(v >= 0 && v < 1)) outside += 1;
      sum += v;
    }
    expect(outside).toBe(0);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });

  it("counts draws in blocks exactly as Math.floor(random() * n) draws them, at slot · lanes + lane (property)", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        (seed, n, blocks, lanes) => {
          const random = seededRandom(seed);
          const next = seededCounts(seed, n);
          // Slots fold the documents onto fewer places, as a bootstrap's patterns of documents alike do.
          const slots = 1 + (Math.abs(seed) % 7);
          const slotOf = Int32Array.from({ length: n }, (_, d) => (d * 5) % slots);
          blocks.forEach((size, b) => {
            const lane = b % lanes;
            const counts = new Float64Array(slots * lanes);
            next(size, slotOf, counts, lanes, lane);
            const expected = new Float64Array(slots * lanes);
            for (let k = 0; k < size; k++) expected[slotOf[Math.floor(random() * n)]! * lanes + lane]! += 1;
            expect([...counts]).toEqual([...expected]);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it("counts long blocks, in several calls of four at a time and the rest one by one, for n up to 2^21 (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2 ** 21 - 1 }), fc.integer({ min: 0, max: 3000 }), (seed, n, size) => {
        const random = seededRandom(seed);
        const next = seededCounts(seed, n);
        const identity = Int32Array.from({ length: n }, (_, d) => d);
        const counts = new Float64Array(n);
        next(size, identity, counts, 1, 0);
        next(size >> 1, identity, counts, 1, 0);
        const expected = new Float64Array(n);
        for (let k = 0; k < size + (size >> 1); k++) expected[Math.floor(random() * n)]! += 1;
        expect(counts.every((c, d) => c === expected[d])).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("counts listed draws in order, block after block", () => {
    const next = listedCounts(Int32Array.from([2, 0, 2, 1, 1]));
    const counts = new Float64Array(6);
    next(3, Int32Array.from([0, 1, 2]), counts, 2, 1);
    expect([...counts]).toEqual([0, 1, 0, 0, 0, 2]);
    next(2, Int32Array.from([0, 1, 2]), counts, 2, 0);
    expect([...counts]).toEqual([0, 1, 2, 0, 0, 2]);
  });
});
