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
  const left: boolean[] = [];
  for (let label = 0; label < goldLabels.length; label++) left.push(true);
  let remaining = goldLabels.length;
  for (const p of matchOrder(taxonomy, truePaths, predictedPaths)) {
    const path = predictedPaths[p]!;
    if (remaining === 0) {
      counts[2]! += path.length - 1;
      continue;
    }
    let chosenLabel = -1;
    let chosenPath: Path = path;
    let chosenLength = -1;
    for (let label = 0; label < truePaths.length; label++) {
      if (!left[label]) continue;
      for (const truePath of truePaths[label]!) {
        const length = commonLength(truePath, path);
        if (length > chosenLength) {
          chosenLabel = label;
          chosenPath = truePath;
          chosenLength = length;
        }
      }
    }
    addPathPairCounts(taxonomy, chosenPath, path, counts);
    left[chosenLabel] = false;
    remaining -= 1;
  }
  for (let label = 0; label < goldLabels.length; label++) if (left[label]) counts[3]! += taxonomy.depth[goldLabels[label]!]!;
  return counts as [number, number, number, number];
}

/** Up to this many predicted paths are ordered by insertion, without a comparator closure and a sort. */
const INSERTION_ORDER_LIMIT = 16;

/**
 * The positions of the predicted paths in the order they are matched: best-matching first, a tie
 * broken by name, later name first (`comparePathsByName`), a tie of equal paths kept in the
 * given order, as a stable sort by that comparison orders them.
 */
function matchOrder(taxonomy: Taxonomy, truePaths: readonly (readonly Path[])[], predictedPaths: readonly Path[]): number[] {
  const n = predictedPaths.length;
  if (n === 1) return [0];
  const match: number[] = [];
  for (const path of predictedPaths) match.push(bestCommon(truePaths, path));
  // Whether the path at position a is matched after the one at position b.
  const after = (a: number, b: number): number =>
    match[b]! - match[a]! || comparePathsByName(taxonomy, predictedPaths[b]!, predictedPaths[a]!);
  const order: number[] = [];
  for (let p = 0; p < n; p++) order.push(p);
  if (n > INSERTION_ORDER_LIMIT) return order.sort(after);
  for (let i = 1; i < n; i++) {
    const p = order[i]!;
    let j = i;
    for (; j > 0 && after(order[j - 1]!, p) > 0; j--) order[j] = order[j - 1]!;
    order[j] = p;
  }
  return order;
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
