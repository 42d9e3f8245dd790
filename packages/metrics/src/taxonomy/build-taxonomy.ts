import { TaxonomyBuilder } from "./taxonomy-builder.ts";
import type { Taxonomy } from "./taxonomy.ts";

/** One edge as read from a file; `parent: null` hangs the child under the root. */
export interface RawEdge {
  readonly parent: string | null;
  readonly child: string;
  readonly line: number;
}

/**
 * Builds a taxonomy from edges in file order (see `hc-semantics.md`):
 * a virtual root above every node that never appears as a child, child order
 * as in the file, repeated edges ignored with a warning, and a cycle or
 * self-loop refused with the cycle named. A parser that reads edges one at a
 * time feeds a `TaxonomyBuilder` instead of making this list.
 */
export function buildTaxonomy(edges: readonly RawEdge[], file?: string): Taxonomy {
  const builder = new TaxonomyBuilder();
  for (const edge of edges) builder.add(edge.parent, edge.child, edge.line);
  return builder.build(file);
}
