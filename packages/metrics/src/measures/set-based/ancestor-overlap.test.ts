import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { smallDagArbitrary } from "../testing/small-dag-arbitrary.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { ancestorOverlap } from "./ancestor-overlap.ts";

/** The labels with all their ancestors, as a Set. */
function closure(t: Taxonomy, labels: readonly number[]): Set<number> {
  const set = new Set<number>();
  for (const label of labels) for (const node of [label, ...t.ancestors[label]!]) set.add(node);
  return set;
}

describe("ancestorOverlap", () => {
  it("counts |Ĝ ∩ P̂|, |P̂| and |Ĝ| as the closures listed in Sets, repeats and shared ancestors included", () => {
    const labelsArb = fc.array(fc.nat(), { maxLength: 8 });
    fc.assert(
      fc.property(smallDagArbitrary, labelsArb, labelsArb, (t, goldSeeds, predictedSeeds) => {
        const gold = goldSeeds.map((s) => 1 + (s % t.size));
        const predicted = predictedSeeds.map((s) => 1 + (s % t.size));
        const g = closure(t, gold);
        const p = closure(t, predicted);
        const tp = [...p].filter((node) => g.has(node)).length;
        expect(ancestorOverlap(t, gold, predicted)).toEqual({ tp, predicted: p.size, gold: g.size });
        // The scratch marks are all clear again: the next document counts from nothing.
        expect(ancestorOverlap(t, [], predicted)).toEqual({ tp: 0, predicted: p.size, gold: 0 });
      }),
      { numRuns: 300 },
    );
  });
});
