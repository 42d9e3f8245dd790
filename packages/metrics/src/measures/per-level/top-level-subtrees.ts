import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

/** The top-level nodes of a taxonomy and, for every node, the indices of the top-level subtrees it lies in. */
export interface TopLevelSubtrees {
  /** Node ids of the top-level nodes, in taxonomy order. */
  readonly tops: readonly number[];
  /** For each node id, indices into `tops` (one in a tree; several for a DAG node). */
  readonly of: readonly Int32Array[];
}

const cache = new WeakMap<Taxonomy, TopLevelSubtrees>();

/**
 * Which top-level subtree(s) each node belongs to: a top-level node t's
 * subtree holds t and its descendants. Built once per taxonomy, top down: a
 * node inherits its parents' subtrees, O(nodes + edges) (walking every
 * ancestor set was quadratic on a 100k-deep chain). A single-parent node
 * shares its parent's array.
 *
 * @example
 * // root → A → A1, root → B
 * topLevelSubtrees(taxonomy); // { tops: [A, B], of: [root: [], A: [0], A1: [0], B: [1]] }
 */
export function topLevelSubtrees(taxonomy: Taxonomy): TopLevelSubtrees {
  const cached = cache.get(taxonomy);
  if (cached) return cached;
  const tops = taxonomy.children[ROOT]!;
  const index = new Map(tops.map((t, i) => [t, i] as [number, number]));
  const of: Int32Array[] = new Array(taxonomy.nodeCount);
  of[ROOT] = new Int32Array(0);
  for (const node of parentsFirst(taxonomy)) {
    if (node === ROOT) continue;
    const own = index.get(node);
    const parents = taxonomy.parents[node]!;
    if (own === undefined && parents.length === 1) {
      of[node] = of[parents[0]!]!;
      continue;
    }
    const found = new Set<number>();
    if (own !== undefined) found.add(own);
    for (const parent of parents) for (const i of of[parent]!) found.add(i);
    of[node] = Int32Array.from(found).sort();
  }
  const result = { tops, of };
  cache.set(taxonomy, result);
  return result;
}

/** Every node after all its parents (Kahn's algorithm from the root). */
function parentsFirst(taxonomy: Taxonomy): number[] {
  const waiting = Int32Array.from(taxonomy.parents, (ps) => ps.length);
  const order = [ROOT];
  for (let head = 0; head < order.length; head++) {
    for (const child of taxonomy.children[order[head]!]!) if (--waiting[child]! === 0) order.push(child);
  }
  return order;
}
