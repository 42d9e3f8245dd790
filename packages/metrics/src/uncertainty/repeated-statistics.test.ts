import { describe, expect, it } from "vitest";
import type { BatchedGroup } from "./batched-sums.ts";
import { withoutRepeatedStatistics } from "./repeated-statistics.ts";

/** A group over the joint patterns (or, with `fromJoint`, over its own) with statistics given as (pattern, value) terms. */
function group(terms: [number, number][][], base: number[], fromJoint?: Int32Array): BatchedGroup {
  const starts = Int32Array.from([0, ...terms.map((_, u) => terms.slice(0, u + 1).flat().length)]);
  return {
    fromJoint,
    patterns: 4,
    used: Int32Array.from(terms.keys()),
    base: Float64Array.from(base),
    unit: Uint8Array.from(terms, (t) => (t.every(([, v]) => v === 1) ? 1 : 0)),
    starts,
    members: Int32Array.from(terms.flat().map(([p]) => p)),
    values: Float64Array.from(terms.flat().map(([, v]) => v)),
  };
}

describe("withoutRepeatedStatistics", () => {
  it("drops the terms of a statistic that repeats an earlier one, in its group or another, and says where to copy from", () => {
    const a = group(
      [
        [
          [0, 1],
          [2, 1],
        ],
        [
          [0, 1],
          [2, 0.5],
        ],
        [
          [0, 1],
          [2, 1],
        ],
      ],
      [0, 0, 0],
    );
    const b = group(
      [
        [[1, 1]],
        [
          [0, 1],
          [2, 1],
        ],
        [
          [0, 1],
          [2, 1],
        ],
      ],
      [0, 0, 3],
    );
    const { groups, copies } = withoutRepeatedStatistics([a, b]);
    // slot 2 repeats slot 0; slot 4 (b's second) repeats slot 0; slot 5 differs by its base
    expect([...copies]).toEqual([0, 2, 0, 4]);
    expect([...groups[0]!.starts]).toEqual([0, 2, 4, 4]);
    expect([...groups[1]!.starts]).toEqual([0, 1, 1, 3]);
    expect([...groups[1]!.members]).toEqual([1, 0, 2]);
    expect(groups[1]!.base[1]).toBe(0);
  });

  it("leaves groups over patterns of their own alone: their members are other patterns", () => {
    const own = group(
      [
        [
          [0, 1],
          [2, 1],
        ],
      ],
      [0],
      Int32Array.of(0, 1, 2, 2),
    );
    const joint = group(
      [
        [
          [0, 1],
          [2, 1],
        ],
      ],
      [0],
    );
    const { groups, copies } = withoutRepeatedStatistics([own, joint]);
    expect([...copies]).toEqual([]);
    expect(groups[0]).toBe(own);
    expect(groups[1]).toBe(joint);
  });
});
