import type { Taxonomy } from "../taxonomy/taxonomy.ts";

/**
 * Turns a set of labels into root paths by a greedy cover (hc-semantics.md):
 * the candidates are every root path of every label, labels in the order
 * given and paths in enumeration order; repeatedly the candidate holding the
 * most still-uncovered labels is chosen (the earliest on a tie) until every
 * label is covered.
 *
 * @returns the chosen paths, root id first, in the order they were chosen.
 */
export function greedyPathCover(taxonomy: Taxonomy, labels: readonly number[]): (readonly number[])[] {
  if (labels.length === 0) return [];
  // When no label is an ancestor of another, every candidate covers exactly its
  // own label, so the cover is each label's first path, in the order given.
  if (!hasAncestorPair(taxonomy, labels)) return labels.map((label) => taxonomy.rootPaths(label)[0]!);
  const candidates: (readonly number[])[] = [];
  for (const label of labels) for (const path of taxonomy.rootPaths(label)) candidates.push(path);

  // Uncovered labels are marked in a scratch array of the taxonomy (all 0 again on return), not a Set.
  const uncovered = scratchMarks(taxonomy);
  let remaining = 0;
  for (const label of labels) {
    if (uncovered[label] === 1) continue;
    uncovered[label] = 1;
    remaining += 1;
  }
  const chosen: (readonly number[])[] = [];
  while (remaining > 0) {
    let best: readonly number[] | undefined;
    let bestCount = 0;
    for (const path of candidates) {
      let count = 0;
      for (let i = 0; i < path.length; i++) count += uncovered[path[i]!]!;
      if (count > bestCount) {
        best = path;
        bestCount = count;
      }
    }
    // Every uncovered label lies on its own candidates, so best is always found.
    chosen.push(best!);
    for (const node of best!) {
      remaining -= uncovered[node]!;
      uncovered[node] = 0;
    }
  }
  return chosen;
}

const marks = new WeakMap<Taxonomy, Uint8Array>();

function scratchMarks(taxonomy: Taxonomy): Uint8Array {
  let scratch = marks.get(taxonomy);
  if (!scratch) marks.set(taxonomy, (scratch = new Uint8Array(taxonomy.nodeCount)));
  return scratch;
}

/**
 * The gold side of the cover: the chosen paths' end nodes in the order they
 * were chosen, a repeated end node kept once at its first position.
 */
export function greedyGoldLabels(taxonomy: Taxonomy, labels: readonly number[]): number[] {
  const ends: number[] = [];
  for (const path of greedyPathCover(taxonomy, labels)) {
    const end = path[path.length - 1]!;
    if (!ends.includes(end)) ends.push(end);
  }
  return ends;
}

function hasAncestorPair(taxonomy: Taxonomy, labels: readonly number[]): boolean {
  if (labels.length < 2) return false;
  for (const label of labels) {
    const ancestors = taxonomy.ancestors[label]!;
    if (ancestors.length === 0) continue;
    for (const other of labels) if (other !== label && ancestors.includes(other)) return true;
  }
  return false;
}
