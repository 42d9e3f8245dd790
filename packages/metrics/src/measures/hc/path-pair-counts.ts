import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { isOnlyRootPath, plainPathTables } from "./plain-path-tables.ts";

type Path = readonly number[];
/** A path as it is searched: itself when short, its Set when long (see `membership`). */
type Membership = Path | ReadonlySet<number>;

/** |common(t, p)|: the longest prefix of t whose every node occurs in p (the root always does). */
export function commonLength(truePath: Path, predicted: Path, inPredicted: Membership = membership(predicted)): number {
  let length = 1;
  while (length < truePath.length && isIn(inPredicted, truePath[length]!)) length += 1;
  return length;
}

/**
 * Membership in a path: a scan for the usual short path, a set for a long one,
 * so that paths 100k deep cost linear rather than quadratic time. The short
 * path is searched as it is: nothing is allocated per document.
 */
function membership(path: Path): Membership {
  return path.length <= 32 ? path : new Set(path);
}

function isIn(members: Membership, node: number): boolean {
  return members instanceof Set ? members.has(node) : (members as Path).includes(node);
}

/**
 * |common(t, p)| of two plain paths (`isOnlyRootPath`): a node of either lies on the other only at
 * its own depth, the same place on both, so this is the length of their common prefix.
 */
export function plainCommonLength(truePath: Path, predicted: Path): number {
  const n = Math.min(truePath.length, predicted.length);
  let length = 1;
  while (length < n && truePath[length] === predicted[length]) length += 1;
  return length;
}

/**
 * Adds one true path against one predicted path to `counts` = [TP, TN, FP, FN]. `plain`: whether
 * both are the only root path of their end node (`isOnlyRootPath`), checked when not given.
 */
export function addPathPairCounts(
  taxonomy: Taxonomy,
  truePath: Path,
  predicted: Path,
  counts: number[],
  plain = isOnlyRootPath(taxonomy, truePath) && isOnlyRootPath(taxonomy, predicted),
): void {
  if (plain) {
    addPlainPathPairCounts(taxonomy, truePath, predicted, counts);
    return;
  }
  const inPredicted = membership(predicted);
  const onTruePath = membership(truePath);
  const common = commonLength(truePath, predicted, inPredicted);
  counts[0]! += common - 1;
  let fp = 0;
  for (const node of predicted) if (!isIn(onTruePath, node)) fp += 1;
  let fn = 0;
  for (const node of truePath) if (!isIn(inPredicted, node)) fn += 1;
  counts[2]! += fp;
  counts[3]! += fn;
  // A plain true path lets the neighbour true negatives come from a typed array.
  const neighbours = isOnlyRootPath(taxonomy, truePath)
    ? plainNeighbourTrueNegatives(taxonomy, truePath, common)
    : neighbourTrueNegatives(taxonomy, truePath, common);
  counts[1]! += neighbours + childTrueNegatives(taxonomy, truePath, predicted, truePath[common - 1]!, onTruePath);
}

/**
 * `addPathPairCounts` of two plain paths, from their common prefix c alone: the nodes before it
 * are the TPs, the rest of each path its FPs and FNs; of the last common node's children, the
 * next node of each path (where there is one) is taken, the rest are TNs with the common nodes'
 * `pathNeighbours`.
 */
function addPlainPathPairCounts(taxonomy: Taxonomy, truePath: Path, predicted: Path, counts: number[]): void {
  const common = plainCommonLength(truePath, predicted);
  counts[0]! += common - 1;
  counts[2]! += predicted.length - common;
  counts[3]! += truePath.length - common;
  const taken = (common < truePath.length ? 1 : 0) + (common < predicted.length ? 1 : 0);
  const children = plainPathTables(taxonomy).childCount[truePath[common - 1]!]! - taken;
  counts[1]! += plainNeighbourTrueNegatives(taxonomy, truePath, common) + children;
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
  // Marks, not array scans: a long common prefix must not make this quadratic. Marks in a scratch
  // array of the taxonomy (all 0 again on return), not two Sets a path pair.
  const marks = scratchMarks(taxonomy);
  const parents: number[] = [];
  for (let i = 1; i < common; i++) {
    for (const q of taxonomy.parents[truePath[i]!]!) {
      if ((marks[q]! & PARENT) !== 0) continue;
      marks[q]! |= PARENT;
      parents.push(q);
    }
  }
  let count = 0;
  for (const q of parents) count += taxonomy.children[q]!.length;
  const shared: number[] = [];
  for (const q of parents) {
    for (const child of taxonomy.multiParentChildren(q)) {
      if ((marks[child]! & SHARED) !== 0) continue;
      marks[child]! |= SHARED;
      shared.push(child);
      let under = 0;
      for (const p of taxonomy.parents[child]!) if ((marks[p]! & PARENT) !== 0) under += 1;
      count -= under - 1;
    }
  }
  for (let i = 1; i < truePath.length; i++) {
    const ps = taxonomy.parents[truePath[i]!]!;
    for (let k = 0; k < ps.length; k++) {
      if ((marks[ps[k]!]! & PARENT) !== 0) {
        count -= 1;
        break;
      }
    }
  }
  for (const q of parents) marks[q] = 0;
  for (const child of shared) marks[child] = 0;
  return count;
}

const PARENT = 1;
const SHARED = 2;
const scratch = new WeakMap<Taxonomy, Uint8Array>();

function scratchMarks(taxonomy: Taxonomy): Uint8Array {
  let marks = scratch.get(taxonomy);
  if (!marks) scratch.set(taxonomy, (marks = new Uint8Array(taxonomy.nodeCount)));
  return marks;
}

/** |Children(last node of common) \ (t ∪ p)|. */
function childTrueNegatives(taxonomy: Taxonomy, truePath: Path, predicted: Path, last: number, onTruePath: Membership): number {
  let taken = 0;
  for (const node of truePath) if (taxonomy.isChildOf(node, last)) taken += 1;
  for (const node of predicted) if (!isIn(onTruePath, node) && taxonomy.isChildOf(node, last)) taken += 1;
  return taxonomy.children[last]!.length - taken;
}

/** `neighbourTrueNegatives` of a plain true path: the sum of its common nodes' `pathNeighbours`. */
function plainNeighbourTrueNegatives(taxonomy: Taxonomy, truePath: Path, common: number): number {
  const pathNeighbours = plainPathTables(taxonomy).pathNeighbours;
  let sum = 0;
  for (let i = 1; i < common; i++) sum += pathNeighbours[truePath[i]!]!;
  return sum;
}
