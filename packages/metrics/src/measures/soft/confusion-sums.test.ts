import { describe, expect, it } from "vitest";
import { ringDistance } from "./confusion-sums.ts";

/** The definition: δ = √max(0, q/p − (b/p)²), 0 for a ring with no belief. */
const plainDistance = (b: number, q: number, p: number) => (q === 0 ? 0 : Math.sqrt(Math.max(0, q / p - (b / p) * (b / p))));

describe("ringDistance", () => {
  it("equals √max(0, q/p − mean²) bit for bit, zeros and NaN included", () => {
    const cases: [number, number, number][] = [
      [0.3, 0.05, 2], // a spread
      [0.5, 0.25, 1], // one label: variance exactly 0
      [0.1, 1e-300, 3], // the variance rounds below 0
      [0, 0, 4], // no belief
      [1 / 3, 1 / 9, 1], // q/p − mean² = 0 from rounded thirds
      [NaN, 0.5, 2],
      [0.5, NaN, 2],
    ];
    for (const [b, q, p] of cases) expect(Object.is(ringDistance(b, q, p), plainDistance(b, q, p))).toBe(true);
    expect(Object.is(ringDistance(0.5, 0.25, 1), 0)).toBe(true);
  });
});
