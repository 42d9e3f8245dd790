import { describe, expect, it } from "vitest";
import { BatchedSums, RESAMPLE_BATCH } from "./batched-sums.ts";
import { addPatternGroup, patternGroups, type StatisticRows } from "./pattern-groups.ts";
import { listedCounts, seededRandom } from "./seeded-random.ts";

/** Rows of `documents` documents over `width` statistics, drawn from a few prototypes so that patterns repeat. */
function randomRows(seed: number, documents: number, width: number): StatisticRows {
  const random = seededRandom(seed);
  const pick = (k: number) => Math.floor(random() * k);
  // whole numbers (often the same one, as counts are), halves, and reals that round
  const value = () => [1, 1, 1, 2, 3, -1, 0.5, 0.1 + pick(5) / 3][pick(8)]!;
  const prototypes = Array.from({ length: 1 + pick(6) }, () =>
    Array.from({ length: pick(2 * width) }, () => [pick(width), value()] as const),
  );
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (let d = 0; d < documents; d++) {
    const entries = random() < 0.7 ? prototypes[pick(prototypes.length)]! : prototypes[0]!.map(([i]) => [i, value()] as const);
    for (const [i, v] of entries) {
      indices.push(i);
      values.push(v);
    }
    starts.push(indices.length);
  }
  return { starts: Int32Array.from(starts), indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

describe("BatchedSums", () => {
  it("writes each resample's weighted sums bit for bit as addPatternGroup does (property)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 2, max: 12 }), (seed, documents, width) => {
        const rows = randomRows(seed, documents, width);
        const cut = 1 + (seed % (width - 1));
        const groups = patternGroups(rows, [0, cut, width]);
        const random = seededRandom(seed + 1);
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

  it("sums resamples given by their draws, one at a time, as sum does with the draws' multiplicities (property)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 2, max: 12 }), (seed, documents, width) => {
        const rows = randomRows(seed, documents, width);
        const groups = patternGroups(rows, [0, 1 + (seed % (width - 1)), width]);
        const random = seededRandom(seed + 2);
        const count = 1 + (seed % RESAMPLE_BATCH);
        const draws = Int32Array.from({ length: documents * count }, () => Math.floor(random() * documents));
        const weights = new Int32Array(documents * RESAMPLE_BATCH);
        draws.forEach((d, i) => {
          weights[d * RESAMPLE_BATCH + Math.floor(i / documents)]! += 1;
        });
        const fromWeights = new Float64Array(width * RESAMPLE_BATCH);
        new BatchedSums(groups, width).sum(weights, fromWeights);
        const vector = new Float64Array(width);
        const visited: number[] = [];
        new BatchedSums(groups, width).sumDrawsEach(listedCounts(draws), count, vector, (b) => {
          visited.push(b);
          expect([...vector]).toEqual([...fromWeights.subarray(b * width, (b + 1) * width)]);
        });
        expect(visited).toEqual([...Array(count).keys()]);
      }),
      { numRuns: 200 },
    );
  });

  it("sums a statistic that repeats another's terms once, and gives both the same sums", () => {
    // Statistics 1 and 3 (in two groups) have the same terms in every document, 2 the same members
    // with other values: 3 takes 1's sums, 2 keeps its own.
    // (Statistic 4 tells every document apart, so both groups' patterns are the joint ones.)
    const perDocument = [
      [
        [0, 1],
        [1, 1],
        [2, 0.5],
        [3, 1],
        [4, 1],
      ],
      [
        [0, 1],
        [1, 0.3],
        [2, 0.3],
        [3, 0.3],
        [4, 2],
      ],
      [
        [0, 1],
        [4, 3],
      ],
      [
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 4],
      ],
    ] as const;
    const rows: StatisticRows = {
      starts: Int32Array.from([0, 5, 10, 12, 17]),
      indices: Int32Array.from(perDocument.flatMap((entries) => entries.map(([index]) => index))),
      values: Float64Array.from(perDocument.flatMap((entries) => entries.map(([, value]) => value))),
    };
    const groups = patternGroups(rows, [0, 1, 3, 5]);
    const weights = Int32Array.from({ length: 4 * RESAMPLE_BATCH }, (_, k) => (k * 7) % 5);
    const sums = new Float64Array(5 * RESAMPLE_BATCH);
    new BatchedSums(groups, 5).sum(weights, sums);
    for (let b = 0; b < RESAMPLE_BATCH; b++) {
      const w = (d: number) => weights[d * RESAMPLE_BATCH + b]!;
      const at = (index: number) => sums[b * 5 + index];
      expect(at(1)).toBe(w(0) * 1 + w(1) * 0.3 + w(3) * 1);
      expect(at(2)).toBe(w(0) * 0.5 + w(1) * 0.3 + w(3) * 1);
      expect(at(3)).toBe(at(1));
    }
  });

  it("sums a statistic most documents share relative to its shared value, exactly", () => {
    // statistic 0 is 3 in 99 documents, 5 in one: summed as 3 · T + 2 · W(odd one)
    const documents = 100;
    const rows: StatisticRows = {
      starts: Int32Array.from({ length: documents + 1 }, (_, d) => 2 * d),
      indices: Int32Array.from({ length: 2 * documents }, (_, e) => e % 2),
      values: Float64Array.from({ length: 2 * documents }, (_, e) => (e % 2 === 1 ? 0.1 * (e % 7) : e === 0 ? 5 : 3)),
    };
    const weights = new Int32Array(documents * RESAMPLE_BATCH).fill(2);
    weights.fill(0, 0, RESAMPLE_BATCH);
    weights[0] = 7;
    const sums = new Float64Array(2 * RESAMPLE_BATCH);
    new BatchedSums(patternGroups(rows, [0, 1, 2]), 2).sum(weights, sums);
    expect(sums[0]).toBe(7 * 5 + 99 * 2 * 3);
    expect(sums[2]).toBe(99 * 2 * 3);
  });

  it("sums whole numbers two resamples to a double exactly up to the bound of that, and one by one past it", () => {
    // One pattern adds up to V = 6,144 to statistic 0 (the second document adds −3,072 twice): a
    // total weight of 5,461 is the last that two resamples may share a double with (T · V < 2^25).
    // Six more documents, each its own pattern through statistic 1, keep statistic 0 summed as recorded.
    const rows: StatisticRows = {
      starts: Int32Array.of(0, 1, 3, 4, 5, 6, 7, 8, 9, 10),
      indices: Int32Array.of(0, 0, 0, 0, 1, 1, 1, 1, 1, 1),
      values: Float64Array.of(4096, -3072, -3072, 4095, 1, 2, 3, 4, 5, 6),
    };
    const groups = patternGroups(rows, [0, 2]);
    const reference = (single: number[]) => {
      const expected = new Float64Array(2);
      const active = Int32Array.from(single.keys()).filter((d) => single[d] !== 0);
      addPatternGroup(groups[0]!, single, active, active.length, expected);
      return expected[0]!;
    };
    for (const total of [5461, 5462, 8191, 2 ** 20]) {
      // each resample puts the weight on one document, or splits it: the lanes' extremes and their mixtures
      const split = [
        [0, total, 0],
        [total, 0, 0],
        [0, 0, total],
        [total - 1, 1, 0],
        [1, total - 1, 0],
        [0, total - 7, 7],
        [total >> 1, total - (total >> 1), 0],
        [3, 5, total - 8],
      ];
      const weights = new Int32Array(9 * RESAMPLE_BATCH);
      split.forEach((w, b) => w.forEach((x, d) => (weights[d * RESAMPLE_BATCH + b] = x)));
      const sums = new Float64Array(2 * RESAMPLE_BATCH);
      new BatchedSums(groups, 2).sum(weights, sums);
      split.forEach((w, b) => expect(sums[2 * b], `total ${total}, weights ${w}`).toBe(reference([...w, 0, 0, 0, 0, 0, 0])));
      expect(sums[0]).toBe(-6144 * total);
    }
  });

  it("refuses weights whose total could leave the exact range", () => {
    const rows: StatisticRows = { starts: Int32Array.of(0, 1), indices: Int32Array.of(0), values: Float64Array.of(1) };
    const weights = new Int32Array(RESAMPLE_BATCH).fill(2 ** 31 - 1);
    const sums = new Float64Array(RESAMPLE_BATCH);
    const batched = new BatchedSums(patternGroups(rows, [0, 1]), 1);
    expect(() => batched.sum(weights, sums)).not.toThrow();
    const two = new BatchedSums(
      patternGroups({ starts: Int32Array.of(0, 1, 2), indices: Int32Array.of(0, 0), values: Float64Array.of(1, 2) }, [0, 1]),
      1,
    );
    expect(() => two.sum(new Int32Array(2 * RESAMPLE_BATCH).fill(2 ** 30 + 1), sums)).toThrow(/total weight/);
  });
});
