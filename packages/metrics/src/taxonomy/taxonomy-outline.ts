import type { Taxonomy } from "./taxonomy.ts";
import type { TaxonomyShape } from "./taxonomy-shape.ts";

/** Adjacency lists in one array: node v's entries are `ids[offsets[v]]` up to `ids[offsets[v + 1]]`. */
export interface Adjacency {
  readonly offsets: Int32Array;
  readonly ids: Int32Array;
}

/**
 * A taxonomy's shape in a few typed arrays, without the ancestor sets and the per-node arrays a
 * parsed `Taxonomy` holds: at 325k classes it is built in milliseconds where a parse takes seconds,
 * so a page can draw the taxonomy from its stored outline. The same ids, labels, children, parents
 * and depths as the taxonomy it was taken from (`TaxonomyOutline.of`).
 */
export class TaxonomyOutline implements TaxonomyShape {
  readonly names: readonly string[];
  readonly depth: Int32Array;
  readonly children: Adjacency;
  readonly parents: Adjacency;
  readonly isDag: boolean;
  readonly maxDepth: number;

  constructor(names: readonly string[], children: Adjacency, depth: Int32Array) {
    this.names = names;
    this.children = children;
    this.depth = depth;
    this.parents = inverse(children);
    let isDag = false;
    for (let node = 0; node < names.length && !isDag; node++) isDag = this.parents.offsets[node + 1]! - this.parents.offsets[node]! > 1;
    this.isDag = isDag;
    this.maxDepth = depth.reduce((max, d) => Math.max(max, d), 0);
  }

  /** The outline of a parsed taxonomy. */
  static of(taxonomy: Taxonomy): TaxonomyOutline {
    return new TaxonomyOutline(taxonomy.names, adjacency(taxonomy.children), taxonomy.depth);
  }

  get nodeCount(): number {
    return this.names.length;
  }

  id(name: string): number | undefined {
    // One scan per lookup: a page looks up one label per request, and a Map of 325k labels takes longer to build than many scans.
    const found = this.names.indexOf(name, 1);
    if (found > 0) return found;
    const nfc = name.normalize("NFC");
    return nfc === name ? undefined : this.id(nfc);
  }

  childrenOf(node: number): Int32Array {
    return this.children.ids.subarray(this.children.offsets[node]!, this.children.offsets[node + 1]!);
  }

  parentsOf(node: number): Int32Array {
    return this.parents.ids.subarray(this.parents.offsets[node]!, this.parents.offsets[node + 1]!);
  }
}

/** Lists as one adjacency. */
export function adjacency(lists: readonly (readonly number[])[]): Adjacency {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach((list, node) => (offsets[node + 1] = offsets[node]! + list.length));
  const ids = new Int32Array(offsets[lists.length]!);
  lists.forEach((list, node) => ids.set(list, offsets[node]!));
  return { offsets, ids };
}

/** The reverse edges (each node's parents from the children), in ascending order of the other end, as `Taxonomy.parents`. */
function inverse({ offsets, ids }: Adjacency): Adjacency {
  const nodes = offsets.length - 1;
  const counts = new Int32Array(nodes + 1);
  for (const id of ids) counts[id + 1] = counts[id + 1]! + 1;
  for (let node = 0; node < nodes; node++) counts[node + 1] = counts[node + 1]! + counts[node]!;
  const reverse = new Int32Array(ids.length);
  const next = counts.slice(0, nodes);
  for (let node = 0; node < nodes; node++)
    for (let k = offsets[node]!; k < offsets[node + 1]!; k++) {
      const child = ids[k]!;
      reverse[next[child]!] = node;
      next[child] = next[child]! + 1;
    }
  return { offsets: counts, ids: reverse };
}
