import { InputError } from "../../errors/input-error.ts";
import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";
import { CACHE_ENTRY_LIMIT } from "../../taxonomy/cache-limit.ts";
import { labelSetId, memoised } from "../../scoring/label-set-memo.ts";

// HEMKit's way of linking a label to a set of labels (BioASQ/Evaluation-Measures,
// `hierarchical/software`), written from the description in
// `../shared/data/hemkit/README.md` and from reading HEMKit's source. Node ids
// are the taxonomy's: numbered in the order names first appear in the taxonomy
// file, parent field before child, the root 0, which is HEMKit's numbering.

/** An upward path x, v1, …, root: each node a parent of the one before it. */
export type UpPath = readonly number[];

/** Upward paths per node allowed before giving up (a DAG can have exponentially many). */
export const UP_PATH_LIMIT = 10_000;

const pathCache = new WeakMap<Taxonomy, Map<number, UpPath[]>>();

/**
 * Every upward path of `node`, listed depth first with the parents visited in
 * ascending id. The root's only path is `[root]`. Cached per node (at most
 * CACHE_ENTRY_LIMIT nodes, then the cache starts over).
 *
 * @example
 * // root → A → {B, C}: upPaths(t, C) is [[C, A, root]]
 */
export function upPaths(taxonomy: Taxonomy, node: number): UpPath[] {
  let cache = pathCache.get(taxonomy);
  if (!cache) pathCache.set(taxonomy, (cache = new Map()));
  const cached = cache.get(node);
  if (cached) return cached;
  const paths: UpPath[] = [];
  const walk: number[] = [node];
  const next: number[] = [0];
  const parentsOf = (v: number): readonly number[] => sortedParents(taxonomy, v);
  while (walk.length > 0) {
    const top = walk[walk.length - 1]!;
    if (top === ROOT) {
      paths.push(walk.slice());
      if (paths.length > UP_PATH_LIMIT) {
        throw new InputError(
          "TOO_LARGE",
          `expected at most ${UP_PATH_LIMIT} upward paths per label for HEMKit's LCA graphs, got more for ${JSON.stringify(taxonomy.names[node])} (use lca.graph "minimal")`,
        );
      }
      walk.pop();
      next.pop();
      continue;
    }
    const parents = parentsOf(top);
    const i = next[next.length - 1]!;
    if (i < parents.length) {
      next[next.length - 1] = i + 1;
      walk.push(parents[i]!);
      next.push(0);
    } else {
      walk.pop();
      next.pop();
    }
  }
  if (cache.size >= CACHE_ENTRY_LIMIT) cache.clear();
  cache.set(node, paths);
  return paths;
}

const parentCache = new WeakMap<Taxonomy, (readonly number[])[]>();

/** A node's parents by ascending id; a copy is kept only for the (few) nodes with several parents. */
function sortedParents(taxonomy: Taxonomy, node: number): readonly number[] {
  const parents = taxonomy.parents[node]!;
  if (parents.length < 2) return parents;
  let sorted = parentCache.get(taxonomy);
  if (!sorted) parentCache.set(taxonomy, (sorted = []));
  return (sorted[node] ??= [...parents].sort((a, b) => a - b));
}

/**
 * The most specific labels of a set: a label is dropped when it is an ancestor
 * of another label of the set. Sorted by id, repeats and the root removed.
 *
 * @example
 * // A → B → C: mostSpecific(t, [A, B, C]) is [C]; mostSpecific(t, [B]) is [B]
 */
export function mostSpecific(taxonomy: Taxonomy, labels: readonly number[]): number[] {
  const unique = [...new Set(labels)].filter((l) => l !== ROOT);
  const implied = new Set<number>();
  for (const label of unique) for (const a of taxonomy.ancestors[label]!) implied.add(a);
  return unique.filter((l) => !implied.has(l)).sort((a, b) => a - b);
}

/** One way HEMKit links a label x to a set S: two upward paths that end at the same node. */
export interface MeetingPair {
  /** x's path cut after the meeting node (x first). */
  readonly own: UpPath;
  /** The partner's path cut after the meeting node (the partner first). */
  readonly other: UpPath;
  /** The label of S that `other` starts from. */
  readonly partner: number;
  /** The last node of both paths. */
  readonly meeting: number;
  /** Edges on both paths together. */
  readonly length: number;
  /** Sum of the ids of the nodes on both paths (the meeting node counted on each). */
  readonly idSum: number;
}

const sum = (path: UpPath): number => path.reduce((s, v) => s + v, 0);

/** The upward paths of a label set, label by label in ascending id, and the nodes on them: N(S). */
export interface SetPaths {
  readonly paths: readonly UpPath[];
  readonly nodes: ReadonlySet<number>;
}

/** The paths and nodes of a label set, computed once per set and taxonomy and shared by every label linked to it (read-only). */
export function pathsOfSet(taxonomy: Taxonomy, set: readonly number[]): SetPaths {
  return memoised(taxonomy, "set-paths", labelSetId(taxonomy, set), () => collectPaths(taxonomy, set));
}

function collectPaths(taxonomy: Taxonomy, set: readonly number[]): SetPaths {
  const paths: UpPath[] = [];
  for (const label of [...set].sort((a, b) => a - b)) paths.push(...upPaths(taxonomy, label));
  const nodes = new Set<number>();
  for (const path of paths) for (const v of path) nodes.add(v);
  return { paths, nodes };
}

/**
 * HEMKit's meeting pairs of a label x with a set S (x not in S): on each
 * upward path of x, the first node that lies on a path of S is the only
 * meeting node tried; every path of S through it gives a candidate. Only the
 * shortest candidates are kept, in the order found, then stably sorted by the
 * sum of their node ids. S's paths are taken label by label in ascending id.
 * The length can exceed the true distance: a shorter link higher up the same
 * path of x is never looked at.
 *
 * @example
 * // root → A → {B, C}: meetingPairs(t, B, [C]) is one pair B–A–C of length 2
 */
export function meetingPairs(taxonomy: Taxonomy, x: number, set: readonly number[] | SetPaths): MeetingPair[] {
  const { paths: setPaths, nodes: onSetPaths } = "paths" in set ? set : pathsOfSet(taxonomy, set);

  let best = Infinity;
  let found: MeetingPair[] = [];
  for (const path of upPaths(taxonomy, x)) {
    const at = path.findIndex((v) => onSetPaths.has(v));
    if (at === -1) continue;
    const meeting = path[at]!;
    const own = path.slice(0, at + 1);
    for (const other of setPaths) {
      const there = other.indexOf(meeting);
      if (there === -1) continue;
      const length = at + there;
      if (length > best) continue;
      if (length < best) {
        best = length;
        found = [];
      }
      const cut = other.slice(0, there + 1);
      found.push({ own, other: cut, partner: cut[0]!, meeting, length, idSum: sum(own) + sum(cut) });
    }
  }
  // Array.prototype.sort is stable.
  return found.sort((a, b) => a.idSum - b.idSum);
}
