import { defineFamily } from "../../scoring/measure-family.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { countGroupedConfusion, GROUP_STRIDE, groupRates } from "./grouped-confusion.ts";
import { topLevelSubtrees } from "./top-level-subtrees.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * Micro P/R/F1 with TP/FP/FN restricted to each top-level subtree (a
 * top-level node and its descendants), in the flat view (labels as written)
 * and the ancestor-augmented view, keyed by the top-level label's name. In
 * a DAG a label under several top-level nodes counts in each of their subtrees.
 * P_t = TP_t / (TP_t + FP_t), R_t = TP_t / (TP_t + FN_t), F1_t = 2TP_t / (2TP_t + FP_t + FN_t).
 *
 * Result: `{ subtrees: { "<top-level name>": { flat, augmented }, … }, undefined }`.
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred, metrics: ["perSubtree"] });
 * result.perSubtree.subtrees["Literatur & Unterhaltung"].flat.f1;
 */
export const perSubtreeFamily = defineFamily({
  id: "perSubtree",
  statistics: "integers",
  measures: [],
  glossary: {},
  width: (ctx) => GROUP_STRIDE * topLevelSubtrees(ctx.taxonomy).tops.length,
  count(doc, ctx, sink) {
    countGroupedConfusion(doc, topLevelSubtrees(ctx.taxonomy).of, sink);
  },
  reduce(sums, _documents, ctx) {
    const u = undefinedMeasuresOf(ctx);
    const { names, prefixes } = subtreeNames(ctx.taxonomy);
    const entries: [string, ReturnType<typeof groupRates>][] = [];
    for (let i = 0; i < names.length; i++) entries.push([names[i]!, groupRates(sums, i, prefixes[i]!, u)]);
    // fromEntries defines own properties, so a label named "__proto__" stays a key.
    const subtrees = Object.fromEntries(entries);
    return { subtrees, undefined: u.names };
  },
});

const namesOf = new WeakMap<Taxonomy, { names: string[]; prefixes: string[] }>();

/** The top-level labels' names and their measures' prefixes (`subtrees.<name>`), made once per taxonomy. */
function subtreeNames(taxonomy: Taxonomy): { names: string[]; prefixes: string[] } {
  let known = namesOf.get(taxonomy);
  if (!known) {
    const names = topLevelSubtrees(taxonomy).tops.map((top) => taxonomy.names[top]!);
    known = { names, prefixes: names.map((name) => `subtrees.${name}`) };
    namesOf.set(taxonomy, known);
  }
  return known;
}
