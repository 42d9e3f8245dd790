import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import { CACHE_ENTRY_LIMIT } from "../taxonomy/cache-limit.ts";
import { labelSetGeneration, labelSetId, labelSetKey, labelSetPairId, memoised } from "./label-set-memo.ts";

const tree = () =>
  buildTaxonomy([
    { parent: null, child: "A", line: 1 },
    { parent: "A", child: "B", line: 2 },
  ]);

describe("labelSetKey", () => {
  it("ignores order and repeats (the TSDoc example)", () => {
    expect(labelSetKey([7, 3, 7])).toBe("3,7");
    expect(labelSetKey([])).toBe("");
  });
});

describe("memoised", () => {
  it("computes a repeated key once", () => {
    const taxonomy = tree();
    let calls = 0;
    const value = () =>
      memoised(taxonomy, "t", "1|2", () => {
        calls += 1;
        return { calls };
      });
    expect(value()).toBe(value());
    expect(calls).toBe(1);
  });

  it("stops storing a table that almost never hits, and still gives every value", () => {
    const taxonomy = tree();
    let calls = 0;
    const counted = (value: number) => () => {
      calls += 1;
      return value;
    };
    for (let k = 0; k < 60_000; k++) expect(memoised(taxonomy, "fresh", `k${k}`, counted(k * 2))).toBe(k * 2);
    expect(calls).toBe(60_000);
    // past the probe every lookup computes again: a key seen after it is not kept
    memoised(taxonomy, "fresh", "again", counted(0));
    memoised(taxonomy, "fresh", "again", counted(0));
    expect(calls).toBe(60_002);
    // a table that hits keeps storing
    for (let k = 0; k < 60_000; k++) memoised(taxonomy, "repeating", `k${k % 100}`, counted(k));
    expect(calls).toBe(60_102);
  });
});

describe("labelSetId and labelSetPairId", () => {
  it("give one id to a set in any order and with repeats, another to another set", () => {
    const taxonomy = tree();
    expect(labelSetId(taxonomy, [7, 3, 7])).toBe(labelSetId(taxonomy, [3, 7]));
    expect(labelSetId(taxonomy, [3, 7])).not.toBe(labelSetId(taxonomy, [3, 7, 8]));
    expect(labelSetId(taxonomy, [])).not.toBe(labelSetId(taxonomy, [3]));
    const long = Array.from({ length: 40 }, (_, i) => 40 - i);
    expect(labelSetId(taxonomy, [...long, 5, 5])).toBe(labelSetId(taxonomy, long.toReversed()));
    expect(labelSetPairId(taxonomy, [1, 2], [3])).toBe(labelSetPairId(taxonomy, [2, 1], [3, 3]));
    expect(labelSetPairId(taxonomy, [1, 2], [3])).not.toBe(labelSetPairId(taxonomy, [3], [1, 2]));
  });

  it("are given anew past CACHE_ENTRY_LIMIT sets, and a value computed meanwhile is not kept under its stale id", () => {
    const taxonomy = tree();
    expect(memoised(taxonomy, "pairs", labelSetPairId(taxonomy, [1], [2]), () => "1|2")).toBe("1|2");
    const generation = labelSetGeneration(taxonomy);
    const stale = labelSetPairId(taxonomy, [5], [6]);
    // computing the value sees so many new sets that the ids are given anew; the first ten of the new generation are noted
    const labelOfId = new Map<number, number>();
    const value = memoised(taxonomy, "pairs", stale, () => {
      for (let k = 0; labelOfId.size < 10; k++) {
        const id = labelSetId(taxonomy, [1000 + k]);
        if (labelSetGeneration(taxonomy) > generation) labelOfId.set(id, 1000 + k);
      }
      return "5|6";
    });
    expect(value).toBe("5|6");
    expect(labelSetGeneration(taxonomy)).toBe(generation + 1);
    expect(labelOfId.size).toBeLessThan(CACHE_ENTRY_LIMIT);
    // another pair now has the stale id: it gets its own value, not the one computed across the change
    const reused = labelSetPairId(taxonomy, [labelOfId.get(stale >> 15)!], [labelOfId.get(stale & 0x7fff)!]);
    expect(reused).toBe(stale);
    expect(memoised(taxonomy, "pairs", reused, () => "own")).toBe("own");
    // and the tables were emptied
    expect(memoised(taxonomy, "pairs", labelSetPairId(taxonomy, [1], [2]), () => "recomputed")).toBe("recomputed");
  });
});
