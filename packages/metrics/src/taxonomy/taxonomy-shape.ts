/**
 * What drawing a taxonomy needs of it: labels, depths, parents and children in the taxonomy's
 * order. A parsed `Taxonomy` has it, and so does a `TaxonomyOutline`, which holds only this and
 * is read from storage without parsing the file. Node ids are dense; 0 is the virtual root.
 */
export interface TaxonomyShape {
  readonly names: readonly string[];
  /** Shortest distance from the root: top-level nodes have depth 1. */
  readonly depth: Int32Array;
  readonly isDag: boolean;
  readonly maxDepth: number;
  readonly nodeCount: number;
  /** The node of a label (compared as Unicode NFC), or undefined. */
  id(name: string): number | undefined;
  /** Direct children, in the order of the taxonomy file. */
  childrenOf(node: number): readonly number[] | Int32Array;
  /** Direct parents (the root, 0, for a top-level node). */
  parentsOf(node: number): readonly number[] | Int32Array;
}
