import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seededIndices, seededRandom } from "./seeded-random.ts";

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

  it("draws indices in blocks exactly as Math.floor(random() * n) does (property)", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
        (seed, n, blocks) => {
          const random = seededRandom(seed);
          const next = seededIndices(seed, n);
          for (const size of blocks) {
            const out = new Int32Array(size);
            next(out);
            expect([...out]).toEqual(Array.from({ length: size }, () => Math.floor(random() * n)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("draws long blocks, in several calls of eight at a time and the rest one by one, for n up to 2^21 (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2 ** 21 - 1 }), fc.integer({ min: 0, max: 3000 }), (seed, n, size) => {
        const random = seededRandom(seed);
        const next = seededIndices(seed, n);
        const out = new Int32Array(size);
        next(out);
        next(out.subarray(0, size >> 1));
        const expected = Array.from({ length: size }, () => Math.floor(random() * n));
        const again = Array.from({ length: size >> 1 }, () => Math.floor(random() * n));
        expect([...out]).toEqual([...again, ...expected.slice(size >> 1)]);
      }),
      { numRuns: 200 },
    );
  });
});
