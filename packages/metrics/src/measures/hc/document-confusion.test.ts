import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { greedyGoldLabels, greedyPathCover } from "../../paths/greedy-path-cover.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { smallDagArbitrary } from "../testing/small-dag-arbitrary.ts";
import { comparePathsByName, documentConfusion } from "./document-confusion.ts";
import { addPathPairCounts, commonLength } from "./path-pair-counts.ts";

type Path = readonly number[];

/** The matching written plainly: the predicted paths sorted by a stable sort on (best match, name), then matched greedily. */
function plainConfusion(taxonomy: Taxonomy, goldLabels: readonly number[], predictedPaths: readonly Path[]): number[] {
  const counts = [0, 0, 0, 0];
  const truePaths = goldLabels.map((label) => taxonomy.rootPaths(label));
  const best = (path: Path) => Math.max(0, ...truePaths.flat().map((truePath) => commonLength(truePath, path)));
  const ordered = predictedPaths
    .map((path) => ({ path, match: best(path) }))
    .sort((a, b) => b.match - a.match || comparePathsByName(taxonomy, b.path, a.path));
  const left = goldLabels.map(() => true);
  for (const { path } of ordered) {
    if (!left.includes(true)) {
      counts[2]! += path.length - 1;
      continue;
    }
    let chosen = { label: -1, path, length: -1 };
    truePaths.forEach((paths, label) => {
      if (!left[label]) return;
      for (const truePath of paths) {
        const length = commonLength(truePath, path);
        if (length > chosen.length) chosen = { label, path: truePath, length };
      }
    });
    addPathPairCounts(taxonomy, chosen.path, path, counts);
    left[chosen.label] = false;
  }
  goldLabels.forEach((label, i) => {
    if (left[i]) counts[3]! += taxonomy.depth[label]!;
  });
  return counts;
}

describe("documentConfusion", () => {
  it("matches predicted paths in the order of a stable sort by best match and name, repeated paths included", () => {
    const labelsArb = fc.array(fc.nat(), { maxLength: 24 });
    fc.assert(
      fc.property(smallDagArbitrary, labelsArb, labelsArb, fc.nat(), (t, goldSeeds, predictedSeeds, repeat) => {
        const gold = greedyGoldLabels(
          t,
          goldSeeds.map((s) => 1 + (s % t.size)),
        );
        const paths = greedyPathCover(
          t,
          predictedSeeds.map((s) => 1 + (s % t.size)),
        );
        // A path given twice (explicit paths may repeat one in a DAG's cover of other labels).
        if (paths.length > 0) paths.push(paths[repeat % paths.length]!);
        expect(documentConfusion(t, gold, paths)).toEqual(plainConfusion(t, gold, paths));
      }),
      { numRuns: 400 },
    );
  });
});
