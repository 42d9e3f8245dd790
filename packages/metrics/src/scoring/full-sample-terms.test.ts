import { describe, expect, it } from "vitest";
import { FullSampleTerms, itemsOf, leftOutEntries, withLeftOutEntries } from "./full-sample-terms.ts";

/** Two terms per item, some left out (NaN), of magnitudes whose sums depend on the order of terms. */
const TERMS = Array.from({ length: 12 }, (_, i) => [i % 5 === 3 ? NaN : 1 / (i + 3), i % 4 === 1 ? NaN : 1e16 / (i + 1) + 0.1 * i]);

/** The sums over every item in item order, the `changed` items' terms given by `changedTerms`. */
function sequential(changed: readonly number[], changedTerms: (item: number) => number[]) {
  const sums = [0, 0];
  const counts = [0, 0];
  TERMS.forEach((terms, i) => {
    (changed.includes(i) ? changedTerms(i) : terms).forEach((term, j) => {
      if (Number.isNaN(term)) return;
      sums[j]! += term;
      counts[j]! += 1;
    });
  });
  return { sums, counts };
}

describe("FullSampleTerms.sumWith", () => {
  const fullTerms = new FullSampleTerms(TERMS.length, 2, (i, out) => out.set(TERMS[i]!));
  const changedTerms = (item: number) => [0.7 / (item + 1), item === 4 ? NaN : 3e15 + item];

  for (const changed of [[], [0], [4], [11], [2, 3, 9], [0, 5, 6, 11]]) {
    it(`equals the sum in item order, bit for bit, with items [${changed.join(", ")}] recomputed`, () => {
      const sums = new Float64Array(2);
      const counts = new Float64Array(2);
      fullTerms.sumWith(changed, sums, counts, (item) =>
        changedTerms(item).forEach((term, j) => {
          if (Number.isNaN(term)) return;
          sums[j]! += term;
          counts[j]! += 1;
        }),
      );
      const expected = sequential(changed, changedTerms);
      expect([...sums]).toEqual(expected.sums);
      expect([...counts]).toEqual(expected.counts);
    });
  }
});

describe("leftOutEntries and itemsOf", () => {
  it("gives the registered entries within a view, and their items ascending, each once", () => {
    const sums = new Float64Array(20);
    const view = sums.subarray(5, 15);
    expect(leftOutEntries(view)).toBeUndefined();
    withLeftOutEntries(sums, (leftOut) => {
      leftOut.entries.push(0, 14, 6, 9, 15, 8);
      const entries = leftOutEntries(view)!;
      expect(entries).toEqual([9, 1, 4, 3]);
      expect(itemsOf(entries, (entry) => (entry === 1 ? -1 : entry >> 1))).toEqual([1, 2, 4]);
    });
  });
});
