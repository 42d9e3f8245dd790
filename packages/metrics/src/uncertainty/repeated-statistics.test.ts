import { describe, expect, it } from "vitest";
import type { BatchedGroup } from "./batched-sums.ts";
import { withoutRepeatedStatistics } from "./repeated-statistics.ts";
import { seededRandom } from "./seeded-random.ts";

/** A group over the joint patterns (or, with `fromJoint`, over its own) with statistics given as (pattern, value) terms. */
function group(terms: [number, number][][], base: number[], fromJoint?: Int32Array): BatchedGroup {
  const starts = Int32Array.from([0, ...terms.map((_, u) => terms.slice(0, u + 1).flat().length)]);
  return {
    fromJoint,
    patterns: 4,
    used: Int32Array.from(terms.keys()),
    base: Float64Array.from(base),
    unit: Uint8Array.from(terms, (t) => (t.every(([, v]) => v === 1) ? 1 : 0)),
    bound: Float64Array.from(terms, (t) =>
      t.every(([, v]) => Number.isInteger(v)) ? Math.max(0, ...t.map(([, v]) => Math.abs(v))) : Infinity,
    ),
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

  it("finds the repeats a plain comparison of every pair of statistics finds (property)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 6 }), (seed, groupCount) => {
        const random = seededRandom(seed);
        const pick = (k: number) => Math.floor(random() * k);
        // Statistics drawn from a few term lists (and bases), so that many repeat; values tell 0 from −0.
        const pool = Array.from({ length: 1 + pick(6) }, () =>
          Array.from({ length: pick(4) }, (_, k): [number, number] => [k + pick(2), [1, 1, 0.5, -0, 0][pick(5)]!]),
        );
        const groups = Array.from({ length: groupCount }, () => {
          const statistics = Array.from({ length: pick(40) }, () => pool[pick(pool.length)]!);
          return group(
            statistics,
            statistics.map(() => [0, 0, 0, 1, -0][pick(5)]!),
            random() < 0.2 ? Int32Array.of(0, 1, 2, 3) : undefined,
          );
        });
        const { groups: out, copies } = withoutRepeatedStatistics(groups);
        // Every earlier statistic over the joint patterns, compared term by term.
        const earlier: { g: number; u: number; slot: number }[] = [];
        const expected: number[] = [];
        let slot = 0;
        groups.forEach((g, gi) => {
          for (let u = 0; u < g.used.length; u++, slot++) {
            if (g.fromJoint) continue;
            const first = earlier.find((e) => sameStatistic(groups[e.g]!, e.u, g, u));
            if (first) {
              expected.push(first.slot, slot);
              expect(out[gi]!.starts[u + 1]).toBe(out[gi]!.starts[u]);
              expect(out[gi]!.base[u]).toBe(0);
            } else {
              earlier.push({ g: gi, u, slot });
              expect(termsOf(out[gi]!, u)).toEqual(termsOf(g, u));
            }
          }
        });
        expect([...copies]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

/** Statistic u's base and terms, each value by its text (−0 as itself). */
function termsOf(g: BatchedGroup, u: number): string[] {
  const text = (v: number) => (Object.is(v, -0) ? "-0" : String(v));
  const terms = [text(g.base[u]!)];
  for (let e = g.starts[u]!; e < g.starts[u + 1]!; e++) terms.push(`${g.members[e]}:${text(g.values[e]!)}`);
  return terms;
}

function sameStatistic(a: BatchedGroup, u: number, b: BatchedGroup, v: number): boolean {
  return termsOf(a, u).join() === termsOf(b, v).join();
}
