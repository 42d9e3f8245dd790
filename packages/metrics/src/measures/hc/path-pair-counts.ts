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

/**
 * |(⋃ N(x) over x in common) \ t|. Since every x in common lies on t, this is
 * |(⋃ Children(q) over the parents q of those x) \ t|: the children counts of
 * those parents, less the children shared between them (only multi-parent
 * nodes can be shared), less the nodes of t among them.
 */
function neighbourTrueNegatives(taxonomy: Taxonomy, truePath: Path, common: number): number {
  if (!taxonomy.isDag) {
    // In a tree the neighbour sets of path nodes are disjoint and off the path.
    let sum = 0;
    for (let i = 1; i < common; i++) sum += taxonomy.neighbourCount[truePath[i]!]!;
    return sum;
  }
  const parents: number[] = [];
  for (let i = 1; i < common; i++) {
    for (const q of taxonomy.parents[truePath[i]!]!) if (!parents.includes(q)) parents.push(q);
  }
  let count = 0;
  for (const q of parents) count += taxonomy.children[q]!.length;
  const shared: number[] = [];
  for (const q of parents) {
    for (const child of taxonomy.multiParentChildren(q)) {
      if (shared.includes(child)) continue;
      shared.push(child);
      let under = 0;
      for (const p of taxonomy.parents[child]!) if (parents.includes(p)) under += 1;
      count -= under - 1;
    }
  }
  for (let i = 1; i < truePath.length; i++) {
    if (taxonomy.parents[truePath[i]!]!.some((p) => parents.includes(p))) count -= 1;
  }
  return count;
}

/** |Children(last node of common) \ (t ∪ p)|. */
function childTrueNegatives(taxonomy: Taxonomy, truePath: Path, predicted: Path, last: number): number {
  let taken = 0;
  for (const node of truePath) if (taxonomy.isChildOf(node, last)) taken += 1;
  for (const node of predicted) if (!truePath.includes(node) && taxonomy.isChildOf(node, last)) taken += 1;
  return taxonomy.children[last]!.length - taken;
}
