import { describe, expect, it } from "vitest";
import { FullSampleTerms, insertAscending, leftOutEntries, withLeftOutEntries } from "./full-sample-terms.ts";

/** Up to five terms per item, some left out (NaN), of magnitudes whose sums depend on the order of terms. */
const TERMS = Array.from({ length: 12 }, (_, i) => [
  i % 5 === 3 ? NaN : 1 / (i + 3),
  i % 4 === 1 ? NaN : 1e16 / (i + 1) + 0.1 * i,
  0.1 * i,
  i % 3 === 0 ? NaN : 3 / (i + 7),
  1e-3 * i + 1e15,
]);

/** Items 2 and 7 have no terms (they are not listed): every term of theirs is left out. */
const LISTED = [0, 1, 3, 4, 5, 6, 8, 9, 10, 11];

/** The sums over every item in item order, the `changed` items' terms given by `changedTerms`. */
function sequential(k: number, changed: readonly number[], changedTerms: (item: number) => number[]) {
  const sums = new Array<number>(k).fill(0);
  const counts = new Array<number>(k).fill(0);
  TERMS.forEach((terms, i) => {
    if (!LISTED.includes(i)) return;
    (changed.includes(i) ? changedTerms(i) : terms).slice(0, k).forEach((term, j) => {
      if (Number.isNaN(term)) return;
      sums[j]! += term;
      counts[j]! += 1;
    });
  });
  return { sums, counts };
}

describe("FullSampleTerms.sumWith", () => {
  const changedTerms = (item: number) => [0.7 / (item + 1), item === 4 ? NaN : 3e15 + item, NaN, 0, 0.3 * item];

  for (const k of [2, 3, 5])
    for (const changed of [[], [0], [4], [11], [3, 9], [0, 5, 6, 11]]) {
      it(`equals the sum in item order, bit for bit, with ${k} terms and items [${changed.join(", ")}] recomputed`, () => {
        const fullTerms = new FullSampleTerms(LISTED, k, (i, out, position) => {
          expect(LISTED[position]).toBe(i);
          out.set(TERMS[i]!.slice(0, k));
        });
        const positions = Int32Array.from(changed, (item) => fullTerms.positionOf(item));
        const terms = Float64Array.from(changed.flatMap((item) => changedTerms(item).slice(0, k)));
        const sums = new Float64Array(k);
        const counts = new Float64Array(k);
        fullTerms.sumWith(positions, changed.length, terms, sums, counts);
        const expected = sequential(k, changed, changedTerms);
        expect([...sums]).toEqual(expected.sums);
        expect([...counts]).toEqual(expected.counts);
      });
    }

  it("places only the listed items", () => {
    const fullTerms = new FullSampleTerms(LISTED, 1, (i, out) => (out[0] = i));
    expect([2, 7, 12, 100].map((item) => fullTerms.positionOf(item))).toEqual([-1, -1, -1, -1]);
    expect(fullTerms.positionOf(8)).toBe(6);
  });

  it("takes at most five terms an item", () => {
    expect(() => new FullSampleTerms(LISTED, 6, () => {})).toThrow();
  });
});

describe("leftOutEntries and insertAscending", () => {
  it("gives the registered entries within a view", () => {
    const sums = new Float64Array(20);
    const view = sums.subarray(5, 15);
    expect(leftOutEntries(view)).toBeUndefined();
    withLeftOutEntries(sums, (leftOut) => {
      leftOut.entries.push(0, 14, 6, 9, 15, 8);
      expect(leftOutEntries(view)).toEqual([9, 1, 4, 3]);
    });
  });

  it("keeps a list ascending, each value once", () => {
    const list = new Int32Array(8);
    let length = 0;
    for (const value of [4, 1, 4, 9, 0, 1, 5]) length = insertAscending(list, length, value);
    expect([...list.subarray(0, length)]).toEqual([0, 1, 4, 5, 9]);
  });
});
