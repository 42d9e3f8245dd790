import { describe, expect, it } from "vitest";
import { ShardRows } from "./shard-rows.ts";

describe("ShardRows", () => {
  it("hands back every entry in order, across chunks, in arrays of the exact length", () => {
    const rows = new ShardRows();
    const n = 3 * 65_536 + 5;
    for (let k = 0; k < n; k++) rows.push(k % 1000, k + 0.5);
    expect(rows.length).toBe(n);
    const { indices, values } = rows.finish();
    expect([indices.length, values.length]).toEqual([n, n]);
    expect([indices[0], indices[65_536], indices[n - 1]]).toEqual([0, 65_536 % 1000, (n - 1) % 1000]);
    expect([values[0], values[65_535], values[n - 1]]).toEqual([0.5, 65_535.5, n - 0.5]);
  });

  it("gives empty arrays when nothing was pushed", () => {
    const { indices, values } = new ShardRows().finish();
    expect([indices.length, values.length]).toEqual([0, 0]);
  });
});
