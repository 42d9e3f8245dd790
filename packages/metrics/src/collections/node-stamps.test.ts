import { describe, expect, it } from "vitest";
import { NodeStamps, stampsPerTaxonomy } from "./node-stamps.ts";

describe("NodeStamps", () => {
  it("holds the nodes added since the last begin", () => {
    const nodes = new NodeStamps(10);
    nodes.begin();
    nodes.add(3);
    nodes.add(9);
    expect([3, 9].map((n) => nodes.has(n))).toEqual([true, true]);
    expect(nodes.has(4)).toBe(false);
    nodes.begin();
    expect(nodes.has(3)).toBe(false);
  });

  it("gives one table per taxonomy, sized to its nodes", () => {
    const stampsOf = stampsPerTaxonomy();
    const small = { nodeCount: 4 };
    expect(stampsOf(small)).toBe(stampsOf(small));
    expect(stampsOf({ nodeCount: 4 })).not.toBe(stampsOf(small));
  });
});
