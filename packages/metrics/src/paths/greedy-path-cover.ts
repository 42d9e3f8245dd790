import { MinHeap } from "../collections/min-heap.ts";
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
  if (!hasAncestorPair(taxonomy, labels)) return labels.map((label) => taxonomy.firstRootPath(label));
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
  if (candidates.length <= SMALL_COVER) return scannedCover(candidates, uncovered, remaining);
  // Each candidate's count of uncovered labels only falls, so the candidates wait in one min-heap
  // of candidate positions per count; an entry whose count has fallen since is skipped when met.
  // The work is linear in the labels on all candidate paths (times a log for the heaps), where
  // rescanning every candidate for each choice grew with the square of the labels.
  const count = new Int32Array(candidates.length);
  const onPaths = new Map<number, number[]>(); // label → the candidates whose path holds it
  let top = 0;
  candidates.forEach((path, c) => {
    for (const node of path) {
      if (uncovered[node] !== 1) continue;
      count[c]! += 1;
      let holders = onPaths.get(node);
      if (!holders) onPaths.set(node, (holders = []));
      holders.push(c);
    }
    top = Math.max(top, count[c]!);
  });
  const byCount = Array.from({ length: top + 1 }, () => new MinHeap());
  candidates.forEach((_, c) => byCount[count[c]!]!.push(c, c));
  const chosen: (readonly number[])[] = [];
  while (remaining > 0) {
    // Every uncovered label lies on its own candidates, so a count ≥ 1 is always found.
    let best = -1;
    while (best < 0) {
      const heap = byCount[top]!;
      if (heap.size === 0) top -= 1;
      else {
        const c = heap.pop();
        if (count[c] === top) best = c;
      }
    }
    chosen.push(candidates[best]!);
    for (const node of candidates[best]!) {
      if (uncovered[node] !== 1) continue;
      uncovered[node] = 0;
      remaining -= 1;
      for (const c of onPaths.get(node)!) {
        count[c]! -= 1;
        if (count[c]! > 0) byCount[count[c]!]!.push(c, c);
      }
    }
  }
  return chosen;
}

/** Up to this many candidate paths, rescanning them for each choice is cheaper than building heaps. */
const SMALL_COVER = 32;

/** The same greedy choice by rescanning every candidate: the cover of a typical document's few labels. */
function scannedCover(candidates: readonly (readonly number[])[], uncovered: Uint8Array, remaining: number): (readonly number[])[] {
  const chosen: (readonly number[])[] = [];
  while (remaining > 0) {
    let best = -1;
    let bestCount = 0;
    for (let c = 0; c < candidates.length; c++) {
      let count = 0;
      for (const node of candidates[c]!) if (uncovered[node] === 1) count += 1;
      if (count > bestCount) [best, bestCount] = [c, count];
    }
    chosen.push(candidates[best]!);
    for (const node of candidates[best]!) {
      if (uncovered[node] !== 1) continue;
      uncovered[node] = 0;
      remaining -= 1;
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
  // Without an ancestor pair each label's path ends at the label: the labels themselves, repeats dropped.
  if (!hasAncestorPair(taxonomy, labels)) return distinctInOrder(labels);
  const ends = new Set<number>();
  for (const path of greedyPathCover(taxonomy, labels)) ends.add(path[path.length - 1]!);
  return [...ends];
}

/** `labels` with each repeat after the first dropped, in order (a few labels by a scan, which beats a Set; many by a Set). */
function distinctInOrder(labels: readonly number[]): number[] {
  if (labels.length > 32) return [...new Set(labels)];
  const distinct: number[] = [];
  for (const label of labels) if (!distinct.includes(label)) distinct.push(label);
  return distinct;
}

function hasAncestorPair(taxonomy: Taxonomy, labels: readonly number[]): boolean {
  if (labels.length < 2) return false;
  const marked = scratchMarks(taxonomy);
  for (const label of labels) marked[label] = 1;
  let found = false;
  for (const label of labels) {
    for (const ancestor of taxonomy.ancestors[label]!) {
      if (ancestor !== label && marked[ancestor] === 1) found = true;
    }
    if (found) break;
  }
  for (const label of labels) marked[label] = 0;
  return found;
}
