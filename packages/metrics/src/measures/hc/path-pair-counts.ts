import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

type Path = readonly number[];

/** |common(t, p)|: the longest prefix of t whose every node occurs in p (the root always does). */
export function commonLength(truePath: Path, predicted: Path): number {
  let length = 1;
  while (length < truePath.length && predicted.includes(truePath[length]!)) length += 1;
  return length;
}

/** Adds one true path against one predicted path to `counts` = [TP, TN, FP, FN]. */
export function addPathPairCounts(taxonomy: Taxonomy, truePath: Path, predicted: Path, counts: number[]): void {
  const common = commonLength(truePath, predicted);
  counts[0]! += common - 1;
  let fp = 0;
  for (const node of predicted) if (!truePath.includes(node)) fp += 1;
  let fn = 0;
  for (const node of truePath) if (!predicted.includes(node)) fn += 1;
  counts[2]! += fp;
  counts[3]! += fn;
  counts[1]! += neighbourTrueNegatives(taxonomy, truePath, common) + childTrueNegatives(taxonomy, truePath, predicted, truePath[common - 1]!);
}

/** |(⋃ N(x) over x in common) \ t|. */
function neighbourTrueNegatives(taxonomy: Taxonomy, truePath: Path, common: number): number {
  if (!taxonomy.isDag) {
    // In a tree the neighbour sets of path nodes are disjoint and off the path.
    let sum = 0;
    for (let i = 1; i < common; i++) sum += taxonomy.neighbourCount[truePath[i]!]!;
    return sum;
  }
  const union = new Set<number>();
  for (let i = 1; i < common; i++) {
    const node = truePath[i]!;
    for (const parent of taxonomy.parents[node]!) {
      for (const sibling of taxonomy.children[parent]!) if (sibling !== node) union.add(sibling);
    }
  }
  let count = 0;
  for (const node of union) if (!truePath.includes(node)) count += 1;
  return count;
}

/** |Children(last node of common) \ (t ∪ p)|. */
function childTrueNegatives(taxonomy: Taxonomy, truePath: Path, predicted: Path, last: number): number {
  let taken = 0;
  for (const node of truePath) if (taxonomy.isChildOf(node, last)) taken += 1;
  for (const node of predicted) if (!truePath.includes(node) && taxonomy.isChildOf(node, last)) taken += 1;
  return taxonomy.children[last]!.length - taken;
}
