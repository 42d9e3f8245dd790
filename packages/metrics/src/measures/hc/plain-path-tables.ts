import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

type Path = readonly number[];

/**
 * Per-node counts that let the HC true negatives of a path pair be summed from two typed arrays
 * when the paths are plain (`isOnlyRootPath`), instead of reading each path node's parent and
 * child lists: on a large taxonomy those lists are scattered through memory, and reading them
 * was most of the cost of a document.
 */
export interface PlainPathTables {
  /** |Children(x)|. */
  readonly childCount: Int32Array;
  /**
   * For a node x with one root path, whose parent is p: the children of p other than x that are
   * no child of a node above p, |Children(p)| − 1 − (those also under a node above p); −1 for
   * other nodes. Summed over the nodes x_1 … x_k of a plain path (x_0 the root), this is
   * |(⋃ Children(x_i), i < k) \ path|: each child counted once, under its topmost parent there.
   */
  readonly pathNeighbours: Int32Array;
}

const made = new WeakMap<Taxonomy, PlainPathTables>();

/** The taxonomy's tables, made on first use (linear in its nodes and edges). */
export function plainPathTables(taxonomy: Taxonomy): PlainPathTables {
  let tables = made.get(taxonomy);
  if (!tables) {
    const n = taxonomy.nodeCount;
    const childCount = new Int32Array(n);
    const pathNeighbours = new Int32Array(n).fill(-1);
    for (let p = 0; p < n; p++) {
      const kids = taxonomy.children[p]!;
      childCount[p] = kids.length;
      if (p !== ROOT && !taxonomy.hasOneRootPath(p)) continue;
      const counted = kids.length - 1 - childrenAlsoAbove(taxonomy, p);
      for (const child of kids) if (taxonomy.parents[child]!.length === 1) pathNeighbours[child] = counted;
    }
    tables = { childCount, pathNeighbours };
    made.set(taxonomy, tables);
  }
  return tables;
}

/**
 * The children of `p` (the root or a node with one root path) that have another parent on
 * p's root path: the root, or an ancestor of p. Node d of that path has depth d, so a
 * parent is on it when it sits at its depth among p's ancestors (no scan).
 */
function childrenAlsoAbove(taxonomy: Taxonomy, p: number): number {
  const above = taxonomy.ancestors[p]!;
  let count = 0;
  for (const child of taxonomy.children[p]!) {
    const ps = taxonomy.parents[child]!;
    if (ps.length === 1) continue;
    for (const other of ps) {
      if (other === p) continue;
      const d = taxonomy.depth[other]!;
      if (other === ROOT || (d >= 1 && d <= above.length && above[d - 1] === other)) {
        count += 1;
        break;
      }
    }
  }
  return count;
}

/**
 * Whether `path` is the one root path of its end node: each of its nodes then has exactly one
 * parent, the node before it. Checked against the end node's ancestors (which list that path in
 * order), so a path that is no root path of the taxonomy is never taken for one.
 */
export function isOnlyRootPath(taxonomy: Taxonomy, path: Path): boolean {
  const end = path[path.length - 1]!;
  if (!taxonomy.hasOneRootPath(end)) return false;
  const above = taxonomy.ancestors[end]!;
  if (path.length !== above.length + 2 || path[0] !== ROOT) return false;
  for (let i = 0; i < above.length; i++) if (path[i + 1] !== above[i]) return false;
  return true;
}
