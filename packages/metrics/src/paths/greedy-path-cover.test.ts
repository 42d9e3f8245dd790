import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { smallDagArbitrary } from "../measures/testing/small-dag-arbitrary.ts";
import { greedyGoldLabels, greedyPathCover } from "./greedy-path-cover.ts";

describe("greedyGoldLabels", () => {
  it("gives the cover's end nodes in the order chosen, a repeat kept at its first place", () => {
    fc.assert(
      fc.property(smallDagArbitrary, fc.array(fc.nat(), { maxLength: 40 }), (t, seeds) => {
        const labels = seeds.map((s) => 1 + (s % t.size));
        const ends = greedyPathCover(t, labels).map((path) => path[path.length - 1]!);
        expect(greedyGoldLabels(t, labels)).toEqual([...new Set(ends)]);
      }),
      { numRuns: 300 },
    );
  });
});
