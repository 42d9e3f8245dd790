import { describe, expect, it } from "vitest";
import { patternGroups, type StatisticRows } from "./pattern-groups.ts";

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
});
