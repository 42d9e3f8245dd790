import { InputError } from "../errors/input-error.ts";
import { topologicalOrder } from "./build-taxonomy.ts";
import { Taxonomy } from "./taxonomy.ts";

/**
 * Keeps the nodes of depth ≤ maxDepth and the edges whose parent has depth
 * < maxDepth, in their original order. GermEval subtask A is `cutTaxonomy(t, 1)`.
 * The labels cut away stay known by name (`cutAway`), so an error can say where they belong.
 */
export function cutTaxonomy(taxonomy: Taxonomy, maxDepth: number): Taxonomy {
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new InputError("BAD_OPTION", `expected a maximum depth that is a whole number ≥ 1, got ${maxDepth}`);
  }
  if (maxDepth >= taxonomy.maxDepth) return taxonomy;
  const newId = new Int32Array(taxonomy.nodeCount).fill(-1);
  const names: string[] = [];
  const cutAway = new Map(taxonomy.cutAway);
  taxonomy.names.forEach((name, id) => {
    if (taxonomy.depth[id]! <= maxDepth) {
      newId[id] = names.length;
      names.push(name);
    } else cutAway.set(name, taxonomy.depth[id]!);
  });
  const children = names.map(() => [] as number[]);
  taxonomy.children.forEach((kids, parent) => {
    if (newId[parent] === -1 || taxonomy.depth[parent]! >= maxDepth) return;
    for (const child of kids) children[newId[parent]!]!.push(newId[child]!);
  });
  return new Taxonomy(names, children, topologicalOrder(children, names), taxonomy.warnings, undefined, cutAway);
}
