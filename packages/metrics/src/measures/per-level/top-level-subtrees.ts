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
 * subtree holds t and its descendants. Built once per taxonomy from the
 * ancestor tables, O(Σ |ancestors|).
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
  for (let node = 1; node < taxonomy.nodeCount; node++) {
    const found: number[] = [];
    const own = index.get(node);
    if (own !== undefined) found.push(own);
    for (const a of taxonomy.ancestors[node]!) {
      const i = index.get(a);
      if (i !== undefined) found.push(i);
    }
    of[node] = Int32Array.from(found).sort();
  }
  const result = { tops, of };
  cache.set(taxonomy, result);
  return result;
}
