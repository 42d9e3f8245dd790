import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { addPathPairCounts, commonLength, plainCommonLength } from "./path-pair-counts.ts";
import { isOnlyRootPath } from "./plain-path-tables.ts";

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
  const paths = new DocumentPaths(taxonomy, goldLabels, predictedPaths);
  const left: boolean[] = [];
  for (let label = 0; label < goldLabels.length; label++) left.push(true);
  let remaining = goldLabels.length;
  for (const p of matchOrder(taxonomy, paths)) {
    const path = predictedPaths[p]!;
    if (remaining === 0) {
      counts[2]! += path.length - 1;
      continue;
    }
    let chosenLabel = -1;
    let chosenPath: Path = path;
    let chosenLength = -1;
    for (let label = 0; label < goldLabels.length; label++) {
      if (!left[label]) continue;
      for (const truePath of paths.truePaths[label]!) {
        const length = paths.commonLength(label, truePath, p);
        if (length > chosenLength) {
          chosenLabel = label;
          chosenPath = truePath;
          chosenLength = length;
        }
      }
    }
    addPathPairCounts(taxonomy, chosenPath, path, counts, paths.truePlain[chosenLabel]! && paths.predictedPlain[p]!);
    left[chosenLabel] = false;
    remaining -= 1;
  }
  for (let label = 0; label < goldLabels.length; label++) if (left[label]) counts[3]! += taxonomy.depth[goldLabels[label]!]!;
  return counts as [number, number, number, number];
}

/**
 * A document's true paths (every root path of each gold label) and predicted paths, each marked
 * plain when it is the only root path of its end node (`isOnlyRootPath`): two plain paths compare
 * by their common prefix (`plainCommonLength`), without a membership scan.
 */
class DocumentPaths {
  readonly truePaths: (readonly Path[])[] = [];
  readonly truePlain: boolean[] = [];
  readonly predictedPaths: readonly Path[];
  readonly predictedPlain: boolean[] = [];

  constructor(taxonomy: Taxonomy, goldLabels: readonly number[], predictedPaths: readonly Path[]) {
    for (const label of goldLabels) {
      this.truePaths.push(taxonomy.rootPaths(label));
      this.truePlain.push(taxonomy.hasOneRootPath(label));
    }
    this.predictedPaths = predictedPaths;
    for (const path of predictedPaths) this.predictedPlain.push(isOnlyRootPath(taxonomy, path));
  }

  /** |common(t, p)| of a true path of gold label `label` and predicted path `p`. */
  commonLength(label: number, truePath: Path, p: number): number {
    const predicted = this.predictedPaths[p]!;
    return this.truePlain[label]! && this.predictedPlain[p]! ? plainCommonLength(truePath, predicted) : commonLength(truePath, predicted);
  }

  /** The longest |common(t, p)| of predicted path `p` over every true path. */
  bestCommon(p: number): number {
    let best = 0;
    for (let label = 0; label < this.truePaths.length; label++) {
      for (const truePath of this.truePaths[label]!) best = Math.max(best, this.commonLength(label, truePath, p));
    }
    return best;
  }
}

/** Up to this many predicted paths are ordered by insertion, without a comparator closure and a sort. */
const INSERTION_ORDER_LIMIT = 16;

/**
 * The positions of the predicted paths in the order they are matched: best-matching first, a tie
 * broken by name, later name first (`comparePathsByName`), a tie of equal paths kept in the
 * given order, as a stable sort by that comparison orders them.
 */
function matchOrder(taxonomy: Taxonomy, paths: DocumentPaths): number[] {
  const predictedPaths = paths.predictedPaths;
  const n = predictedPaths.length;
  if (n === 1) return [0];
  const match: number[] = [];
  for (let p = 0; p < n; p++) match.push(paths.bestCommon(p));
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

/** Compares paths element by element by name in code-point order; a prefix is smaller. */
export function comparePathsByName(taxonomy: Taxonomy, a: Path, b: Path): number {
  const rank = taxonomy.nameRank;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return rank[a[i]!]! - rank[b[i]!]!;
  }
  return a.length - b.length;
}
