import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random.ts";

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
});
