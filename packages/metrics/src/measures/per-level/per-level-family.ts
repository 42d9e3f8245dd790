import { defineFamily } from "../../scoring/measure-family.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { countGroupedConfusion, GROUP_STRIDE, groupRates } from "./grouped-confusion.ts";

const levelGroupCache = new WeakMap<Taxonomy, Int32Array[]>();

/**
 * Each node's group, its depth − 1, as a one-entry array (the root's is empty), made once per
 * taxonomy; nodes of one depth share one array (an array per node cost ≈ 73 MiB at 325k classes).
 */
function levelGroups(taxonomy: Taxonomy): Int32Array[] {
  let groups = levelGroupCache.get(taxonomy);
  if (!groups) {
    const ofDepth = Array.from({ length: taxonomy.maxDepth + 1 }, (_, d) => (d === 0 ? new Int32Array(0) : Int32Array.of(d - 1)));
    groups = Array.from(taxonomy.depth, (d, node) => ofDepth[node === 0 ? 0 : d]!);
    levelGroupCache.set(taxonomy, groups);
  }
  return groups;
}

/**
 * Micro P/R/F1 with TP/FP/FN restricted to each depth of the taxonomy
 * (depth = shortest distance from the root, top level = 1), in the flat view
 * (labels as written) and the ancestor-augmented view (labels closed under
 * ancestors, as in Kiritchenko et al.'s hP/hR). At depth d:
 * P_d = TP_d / (TP_d + FP_d), R_d = TP_d / (TP_d + FN_d), F1_d = 2TP_d / (2TP_d + FP_d + FN_d).
 * Summing TP/FP/FN over all depths of the augmented view gives the
 * `hierarchical` family's micro counts.
 *
 * Result: `{ levels: { "1": { flat, augmented }, "2": … }, undefined }`.
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred, metrics: ["perLevel"] });
 * result.perLevel.levels[2].augmented.f1; result.perLevel.levels[3].flat.tp;
 */
export const perLevelFamily = defineFamily({
  id: "perLevel",
  statistics: "integers",
  measures: [],
  glossary: {},
  width: (ctx) => GROUP_STRIDE * ctx.taxonomy.maxDepth,
  count(doc, ctx, sink) {
    countGroupedConfusion(doc, levelGroups(ctx.taxonomy), sink);
  },
  reduce(sums, _documents, ctx) {
    const u = undefinedMeasuresOf(ctx);
    const levels: Record<string, ReturnType<typeof groupRates>> = {};
    for (let d = 1; d <= ctx.taxonomy.maxDepth; d++) levels[d] = groupRates(sums, d - 1, `levels.${d}`, u);
    return { levels, undefined: u.names };
  },
});
