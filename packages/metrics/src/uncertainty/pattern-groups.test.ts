import { describe, expect, it } from "vitest";
import { type PatternGroup, patternGroups, type StatisticRows } from "./pattern-groups.ts";
import { seededRandom } from "./seeded-random.ts";

const rows = (perDocument: (readonly [number, number])[][]): StatisticRows => ({
  starts: Int32Array.from([0, ...perDocument.map((_, d) => perDocument.slice(0, d + 1).flat().length)]),
  indices: Int32Array.from(perDocument.flat().map(([index]) => index)),
  values: Float64Array.from(perDocument.flat().map(([, value]) => value)),
});

describe("patternGroups", () => {
  // Groups [0, 1) (the document count), [1, 4) and [4, 6).
  const bounds = [0, 1, 4, 6];
  const inGroupOrder = [
    [
      [0, 1],
      [2, 1],
      [1, 0.5],
      [5, 2],
    ],
    [
      [0, 1],
      [2, 1],
      [1, 0.5],
      [4, 1],
    ],
    [
      [0, 1],
      [5, 2],
    ],
  ] as (readonly [number, number])[][];

  it("merges documents whose entries within a group are the same, in the same order", () => {
    const [count, middle, last] = patternGroups(rows(inGroupOrder), bounds);
    expect(Array.from(count!.pattern)).toEqual([0, 0, 0]);
    expect(Array.from(middle!.pattern)).toEqual([0, 0, 1]);
    expect(Array.from(last!.pattern)).toEqual([0, 1, 0]);
    expect(Array.from(middle!.used)).toEqual([1, 2]);
    // statistic 1: pattern 0's 0.5; statistic 2: pattern 0's 1
    expect(Array.from(middle!.starts)).toEqual([0, 1, 2]);
    expect(Array.from(middle!.values)).toEqual([0.5, 1]);
  });

  it("gives a row whose groups are interleaved the groups of the same row in group order", () => {
    // The same entries, each group's in the same order, but the groups' entries interleaved.
    const interleaved = [
      [
        [5, 2],
        [2, 1],
        [0, 1],
        [1, 0.5],
      ],
      [
        [2, 1],
        [4, 1],
        [0, 1],
        [1, 0.5],
      ],
      [
        [5, 2],
        [0, 1],
      ],
    ] as (readonly [number, number])[][];
    expect(patternGroups(rows(interleaved), bounds)).toEqual(patternGroups(rows(inGroupOrder), bounds));
  });

  it("tells 0 from −0 and takes NaN for NaN, as Object.is does", () => {
    const values = [0, -0, Number.NaN, Number.NaN, -0];
    const groups = patternGroups(rows(values.map((value) => [[0, value]])), [0, 1]);
    expect(Array.from(groups[0]!.pattern)).toEqual([0, 1, 2, 2, 1]);
  });

  it("numbers a small task's patterns the same after a large task's grew the working arrays it keeps", () => {
    const small = rows(inGroupOrder);
    const first = plain(patternGroups(small, bounds));
    // 1,200 documents of distinct entries: tables, hashes and entry lists grow far past the small task's.
    const many = rows(
      Array.from({ length: 1200 }, (_, d) => [[0, 1] as const, [1 + (d % 3), d + 0.5] as const, [4 + (d % 2), -d] as const]),
    );
    expect(patternGroups(many, bounds)[1]!.patternWeights.length).toBe(1200);
    expect(plain(patternGroups(small, bounds))).toEqual(first);
    expect(plain(patternGroups(small, bounds))).toEqual(plain(plainPatternGroups(small, bounds)));
  });

  it("finds the patterns a plain comparison of keys finds, over many documents and rows in any group order (property)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 16 }), (seed, documents, width) => {
        const random = seededRandom(seed);
        const pick = (k: number) => Math.floor(random() * k);
        const cuts = [...new Set(Array.from({ length: pick(5) }, () => 1 + pick(width)))].filter((c) => c < width).sort((a, b) => a - b);
        const bounds = [0, ...cuts, width];
        const value = () => [1, 1, 2, 0.5, -3, 1e-300, -0, 0.1 + pick(50) / 7][pick(8)]!;
        // Prototypes so that patterns repeat, and documents of their own so that there are many.
        const prototypes = Array.from({ length: 1 + pick(8) }, () =>
          Array.from({ length: pick(3 * width) }, () => [pick(width), value()] as const),
        );
        const perDocument = Array.from({ length: documents }, () => {
          const entries =
            random() < 0.5
              ? [...prototypes[pick(prototypes.length)]!]
              : Array.from({ length: pick(2 * width) }, () => [pick(width), value()] as const);
          // Some rows in group order, as a recording writes them, some shuffled.
          if (random() < 0.5) entries.sort((a, b) => a[0] - b[0]);
          return entries;
        });
        const statistics = rows(perDocument);
        expect(plain(patternGroups(statistics, bounds))).toEqual(plain(plainPatternGroups(statistics, bounds)));
      }),
      { numRuns: 100 },
    );
  });
});

/** The groups with their arrays as plain arrays, each value by its bits (−0 and NaN as themselves). */
function plain(groups: PatternGroup[]): unknown {
  const bits = (v: number) => (Object.is(v, -0) ? "-0" : String(v));
  return groups.map((g) => ({
    pattern: Array.from(g.pattern),
    patternWeights: Array.from(g.patternWeights),
    used: Array.from(g.used),
    starts: Array.from(g.starts),
    members: Array.from(g.members),
    values: Array.from(g.values, bits),
  }));
}

/** `patternGroups` as it reads: each document's entries of a group in row order, keyed by their text. */
function plainPatternGroups(statistics: StatisticRows, bounds: number[]): PatternGroup[] {
  const documents = statistics.starts.length - 1;
  return bounds.slice(1).map((end, g) => {
    const first = bounds[g]!;
    const keys = new Map<string, number>();
    const entries: [number, number][][] = [];
    const pattern = Int32Array.from({ length: documents }, (_, d) => {
      const mine: [number, number][] = [];
      for (let e = statistics.starts[d]!; e < statistics.starts[d + 1]!; e++) {
        const index = statistics.indices[e]!;
        if (index >= first && index < end) mine.push([index, statistics.values[e]!]);
      }
      const key = mine.map(([index, value]) => `${index}:${Object.is(value, -0) ? "-0" : value}`).join(",");
      if (!keys.has(key)) {
        keys.set(key, entries.length);
        entries.push(mine);
      }
      return keys.get(key)!;
    });
    const used = [...new Set(entries.flat().map(([index]) => index))].sort((a, b) => a - b);
    const terms = used.map((index) =>
      entries.flatMap((mine, p) => mine.filter(([i]) => i === index).map(([, value]) => [p, value] as const)),
    );
    return {
      pattern,
      patternWeights: new Float64Array(entries.length),
      used: Int32Array.from(used),
      starts: Int32Array.from([0, ...terms.map((_, u) => terms.slice(0, u + 1).flat().length)]),
      members: Int32Array.from(terms.flat().map(([p]) => p)),
      values: Float64Array.from(terms.flat().map(([, value]) => value)),
    };
  });
}
