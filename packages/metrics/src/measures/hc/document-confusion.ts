import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { addPathPairCounts, commonLength } from "./path-pair-counts.ts";

type Path = readonly number[];

/**
 * One document's hierarchical confusion counts [TP, TN, FP, FN], exactly as
 * the published implementation of "A Hierarchical Confusion Matrix for
 * Hierarchical Classification" computes them (see hc-semantics.md):
 * predicted paths are matched greedily, best-matching first, each to the
 * gold label whose true path shares the longest prefix; unmatched predicted
 * paths are false positives and unmatched gold labels false negatives.
 *
 * @param goldLabels gold end nodes after the greedy cover, in cover order.
 * @param predictedPaths predicted paths, root first; `[[root]]` when empty.
 */
export function documentConfusion(
  taxonomy: Taxonomy,
  goldLabels: readonly number[],
  predictedPaths: readonly Path[],
): [number, number, number, number] {
  const counts = [0, 0, 0, 0];
  const truePaths = goldLabels.map((label) => taxonomy.rootPaths(label));
  const ordered = predictedPaths
    .map((path) => ({ path, match: bestCommon(truePaths, path) }))
    .sort((a, b) => b.match - a.match || comparePathsByName(taxonomy, b.path, a.path));

  const left = goldLabels.map(() => true);
  let remaining = goldLabels.length;
  for (const { path } of ordered) {
    if (remaining === 0) {
      counts[2]! += path.length - 1;
      continue;
    }
    let chosenLabel = -1;
    let chosenPath: Path = path;
    let chosenLength = -1;
    truePaths.forEach((paths, label) => {
      if (!left[label]) return;
      for (const truePath of paths) {
        const length = commonLength(truePath, path);
        if (length > chosenLength) {
          chosenLabel = label;
          chosenPath = truePath;
          chosenLength = length;
        }
      }
    });
    addPathPairCounts(taxonomy, chosenPath, path, counts);
    left[chosenLabel] = false;
    remaining -= 1;
  }
  goldLabels.forEach((label, index) => {
    if (left[index]) counts[3]! += taxonomy.depth[label]!;
  });
  return counts as [number, number, number, number];
}

function bestCommon(truePaths: readonly (readonly Path[])[], predicted: Path): number {
  let best = 0;
  for (const paths of truePaths) for (const path of paths) best = Math.max(best, commonLength(path, predicted));
  return best;
}

/** Compares paths element by element by name in code-point order; a prefix is smaller. */
export function comparePathsByName(taxonomy: Taxonomy, a: Path, b: Path): number {
  const rank = taxonomy.nameRank;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return rank[a[i]!]! - rank[b[i]!]!;
  }
  return a.length - b.length;
}
