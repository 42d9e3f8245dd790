import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import { labelSetKey, memoised } from "./label-set-memo.ts";

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
