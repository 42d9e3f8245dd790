import { InputError } from "../errors/input-error.ts";
import { exactList } from "./exact-list.ts";
import { Taxonomy } from "./taxonomy.ts";
import { adjacency, TaxonomyOutline } from "./taxonomy-outline.ts";
import type { TaxonomyShape } from "./taxonomy-shape.ts";
import { topologicalOrder } from "./topological-order.ts";

/**
 * Keeps the nodes of depth ≤ maxDepth and the edges whose parent has depth
 * < maxDepth, in their original order. GermEval subtask A is `cutTaxonomy(t, 1)`.
 * The labels cut away stay known by name (`cutAway`), so an error can say where they belong.
 */
export function cutTaxonomy(taxonomy: Taxonomy, maxDepth: number): Taxonomy {
  const cut = keptAbove(taxonomy, maxDepth);
  if (!cut) return taxonomy;
  const { names, children } = cut;
  const cutAway = new Map([...taxonomy.cutAway, ...cut.cutAway]);
  return new Taxonomy({
    names,
    children: children.map((kids) => exactList(kids)),
    topologicalOrder: topologicalOrder(children, names),
    warnings: taxonomy.warnings,
    cutAway,
  });
}

/** The outline of `cutTaxonomy(taxonomy, maxDepth)` (the same node ids), cut from an outline. */
export function cutOutline(outline: TaxonomyOutline, maxDepth: number): TaxonomyOutline {
  const cut = keptAbove(outline, maxDepth);
  // A kept node's shortest path from the root runs through kept nodes and edges: its depth is unchanged.
  return cut ? new TaxonomyOutline(cut.names, adjacency(cut.children), cut.depth) : outline;
}

/** The names, depths and children a cut keeps, and the labels it cuts away; undefined when it keeps everything. */
function keptAbove(shape: TaxonomyShape, maxDepth: number) {
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new InputError("BAD_OPTION", `expected a maximum depth that is a whole number ≥ 1, got ${maxDepth}`);
  }
  if (maxDepth >= shape.maxDepth) return undefined;
  const newId = new Int32Array(shape.nodeCount).fill(-1);
  const names: string[] = [];
  const depth: number[] = [];
  const cutAway = new Map<string, number>();
  shape.names.forEach((name, id) => {
    if (shape.depth[id]! <= maxDepth) {
      newId[id] = names.length;
      names.push(name);
      depth.push(shape.depth[id]!);
    } else cutAway.set(name, shape.depth[id]!);
  });
  const children = names.map(() => [] as number[]);
  for (let parent = 0; parent < shape.nodeCount; parent++) {
    if (newId[parent] === -1 || shape.depth[parent]! >= maxDepth) continue;
    for (const child of shape.childrenOf(parent)) children[newId[parent]!]!.push(newId[child]!);
  }
  return { names, children, depth: Int32Array.from(depth), cutAway };
}
