import { defineFamily } from "../../scoring/measure-family.ts";
import { cafaLayout } from "./cafa-layout.ts";
import { countCafa } from "./cafa-count.ts";
import { reduceNamespace } from "./cafa-reduce.ts";
import { CAFA_MEASURES } from "./cafa-measures.ts";
import { CAFA_GLOSSARY } from "./cafa-glossary.ts";

/**
 * CAFA's protein-centric measures per namespace (each top-level node's sub-DAG), equal to
 * CAFA-evaluator: Fmax, Smin, micro Fmax and, with an IA file (`ia` option), wFmax and wSmin,
 * over the sweep τ_i = h + i·h. Prediction scores are propagated up the DAG (`max` or `fill`),
 * gold labels to all their ancestors; a protein takes part in a namespace where it has gold.
 *
 * Statistics are per-threshold sums over proteins (counts, Σ precision, Σ recall), so shards
 * merge by addition; they hold ratios, hence `reals`.
 *
 * @example
 * evaluate({ taxonomy, gold, pred, metrics: ["cafa"], extra: { cafa: { ia } } }).cafa;
 * // { namespaces: { BPO: { status: "ok", fmax: 0.61, fmaxThreshold: 0.35000000000000003, wfmax: …, curve: {…} } }, undefined: [] }
 */
export const cafaFamily = defineFamily({
  id: "cafa",
  statistics: "reals",
  measures: CAFA_MEASURES,
  glossary: CAFA_GLOSSARY,
  parseOptions: cafaLayout,
  width: (ctx) => cafaLayout(ctx).width,
  count: countCafa,
  reduce(sums, _documents, ctx, layout) {
    const namespaces: Record<string, unknown> = {};
    layout.roots.forEach((root, j) => {
      namespaces[ctx.taxonomy.names[root]!] = reduceNamespace(sums, j, layout);
    });
    return { namespaces, undefined: [] };
  },
});
