import { describe, expect, it } from "vitest";
import { BatchedSums, RESAMPLE_BATCH } from "./batched-sums.ts";
import { addPatternGroup, patternGroups, type StatisticRows } from "./pattern-groups.ts";
import { seededRandom } from "./seeded-random.ts";

/**
 * Rows of `documents` documents over `width` statistics from a few prototypes, whole numbers
 * mostly: a statistic often shares one value across most documents, and a document may add to
 * one statistic several times, its entries cancelling (1, −1, 1).
 */
function rowsOfCounts(seed: number, documents: number, width: number): StatisticRows {
  const random = seededRandom(seed);
  const pick = (k: number) => Math.floor(random() * k);
  const value = () => [1, 1, 2, -1, 3, 0.5][pick(6)]!;
  const prototypes = Array.from({ length: 1 + pick(5) }, () =>
    Array.from({ length: pick(3 * width) }, () => [pick(width), value()] as const),
  );
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (let d = 0; d < documents; d++) {
    const entries =
      random() < 0.8 ? prototypes[pick(prototypes.length)]! : Array.from({ length: pick(width) }, () => [pick(width), value()] as const);
    for (const [i, v] of [...entries].sort((a, b) => a[0] - b[0])) {
      indices.push(i);
      values.push(v);
    }
    starts.push(indices.length);
  }
  return { starts: Int32Array.from(starts), indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

describe("BatchedSums over many groups", () => {
  it("writes each resample's weighted sums bit for bit as addPatternGroup does, the joint patterns split by every group (property)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 2, max: 14 }), (seed, documents, width) => {
        const rows = rowsOfCounts(seed, documents, width);
        const random = seededRandom(seed + 1);
        const cuts = [...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => 1 + Math.floor(random() * (width - 1))))];
        const groups = patternGroups(rows, [0, ...cuts.sort((a, b) => a - b), width]);
        const weights = new Int32Array(documents * RESAMPLE_BATCH);
        for (let k = 0; k < weights.length; k++) weights[k] = Math.floor(random() * 3);
        const batched = new Float64Array(width * RESAMPLE_BATCH);
        new BatchedSums(groups, width).sum(weights, batched);
        for (let b = 0; b < RESAMPLE_BATCH; b++) {
          const single = Array.from({ length: documents }, (_, d) => weights[d * RESAMPLE_BATCH + b]!);
          const active = Int32Array.from(single.keys()).filter((d) => single[d] !== 0);
          const expected = new Float64Array(width);
          for (const group of groups) addPatternGroup(group, single, active, active.length, expected);
          expect([...batched.subarray(b * width, (b + 1) * width)]).toEqual([...expected]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
