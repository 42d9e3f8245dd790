import { InputError } from "../../errors/input-error.ts";
import { defineFamily } from "../../scoring/measure-family.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { setBasedRates } from "../../scoring/set-based-rates.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { hemkitLcaGraphs } from "./hemkit-lca-graphs.ts";
import { labelSetPairId, labelSetPairRecord, type PairRecord } from "../../scoring/label-set-memo.ts";
import { filledUnder, PAIR_RECORD } from "./pair-record-layout.ts";
import { lcaAugmentedSets, type LcaGraph } from "./lca-graph.ts";
import { LCA_MEASURES } from "./lca-measures.ts";
import { LCA_GLOSSARY } from "./lca-glossary.ts";

/** Options of the `lca` family, from `extra.lca`. */
export interface LcaOptions {
  /** `hemkit` (default, the authors' HEMKit), `minimal` (the exact minimum of the paper's Problem 2) or `redundant` (all LCA connections). */
  readonly graph: LcaGraph;
}

const GRAPHS: readonly LcaGraph[] = ["hemkit", "minimal", "redundant"];
/** Each graph's code in a pair record (`PAIR_RECORD.lcaGraph`). */
const GRAPH_CODES: Readonly<Record<LcaGraph, number>> = { hemkit: 0, minimal: 1, redundant: 2 };
const optionCache = new WeakMap<ScoringContext, LcaOptions>();

/**
 * Reads and checks `extra.lca`: `{ graph: "hemkit" | "minimal" | "redundant" }`,
 * default `{ graph: "hemkit" }`.
 *
 * @example
 * lcaOptions(scoringContext(taxonomy, { extra: { lca: { graph: "redundant" } } })); // { graph: "redundant" }
 */
export function lcaOptions(ctx: ScoringContext): LcaOptions {
  const cached = optionCache.get(ctx);
  if (cached) return cached;
  const raw = ctx.options.extra.lca;
  if (raw !== undefined && (raw === null || typeof raw !== "object" || Array.isArray(raw))) {
    throw new InputError("BAD_OPTION", `expected lca options to be an object such as { "graph": "minimal" }, got ${JSON.stringify(raw)}`);
  }
  for (const key of Object.keys(raw ?? {})) {
    if (key !== "graph") throw new InputError("BAD_OPTION", `expected lca options among "graph", got ${JSON.stringify(key)}`);
  }
  const graph = (raw as { graph?: unknown } | undefined)?.graph ?? "hemkit";
  if (!GRAPHS.includes(graph as LcaGraph)) {
    throw new InputError("BAD_OPTION", `expected lca.graph to be "hemkit", "minimal" or "redundant", got ${JSON.stringify(graph)}`);
  }
  const options: LcaOptions = { graph: graph as LcaGraph };
  optionCache.set(ctx, options);
  return options;
}

/** One document's LCA counts: |Y_aug ∩ Ŷ_aug|, |Ŷ_aug| and |Y_aug|. */
export interface LcaCounts {
  readonly tp: number;
  readonly predicted: number;
  readonly gold: number;
}

/**
 * One document's LCA counts from its gold and predicted labels (node ids).
 * `record` is the pair's memo record (`PreparedDocument.labelSetPairRecord`),
 * found from the two sets when not given.
 *
 * @example
 * // tree A → {B, C}, B → {D, E}: gold {D}, predicted {E}
 * lcaCounts(t, [D], [E]); // HEMKit: G_t = {D, B}, G_p = {E, B}: { tp: 1, predicted: 2, gold: 2 }
 * lcaCounts(t, [D], [E], "minimal"); // the same here
 */
export function lcaCounts(
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  graph: LcaGraph = "hemkit",
  record: PairRecord = labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, gold, predicted)),
): LcaCounts {
  const { pool, at } = lcaCountsIn(record, taxonomy, gold, predicted, graph);
  return { tp: pool[at + PAIR_RECORD.lcaTp]!, predicted: pool[at + PAIR_RECORD.lcaPredicted]!, gold: pool[at + PAIR_RECORD.lcaGold]! };
}

/** The pair's record, holding its LCA counts under `graph` (computed when it holds none). */
function lcaCountsIn(
  record: PairRecord,
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  graph: LcaGraph,
): PairRecord {
  // The counts depend on the two label sets only: computed once per pair of sets and taxonomy.
  return filledUnder(record, PAIR_RECORD.lcaGraph, GRAPH_CODES[graph], (write) => {
    const counts = countsOf(taxonomy, gold, predicted, graph);
    write(PAIR_RECORD.lcaTp, counts.tp);
    write(PAIR_RECORD.lcaPredicted, counts.predicted);
    write(PAIR_RECORD.lcaGold, counts.gold);
  });
}

function countsOf(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[], graph: LcaGraph): LcaCounts {
  const sets = graph === "hemkit" ? hemkitLcaGraphs(taxonomy, gold, predicted) : lcaAugmentedSets(taxonomy, gold, predicted, graph);
  const goldSet = new Set(sets.gold);
  let tp = 0;
  for (const v of sets.predicted) if (goldSet.has(v)) tp += 1;
  return { tp, predicted: sets.predicted.length, gold: sets.gold.length };
}

/**
 * LCA precision, recall and F1 (LCA-P, LCA-R, LCA-F) from "Evaluation
 * Measures for Hierarchical Classification: a unified view and novel
 * approaches" (Kosmopoulos et al., Section 2.4.2): set-based measures over
 * the label sets augmented with the LCA graphs G_t and G_p (`lcaAugmentedSets`).
 *
 * The paper defines them per document,
 * LCA-P = |Y_aug ∩ Ŷ_aug| / |Ŷ_aug|, LCA-R = |Y_aug ∩ Ŷ_aug| / |Y_aug|,
 * LCA-F = 2·LCA-P·LCA-R / (LCA-P + LCA-R), and leaves the averaging open:
 *
 * - `precision`, `recall`, `f1` are micro-averaged over documents:
 *   P = Σ|Y_aug ∩ Ŷ_aug| / Σ|Ŷ_aug|, R = Σ|Y_aug ∩ Ŷ_aug| / Σ|Y_aug|, F1 = 2PR/(P+R),
 *   computed as 2·Σ|Y_aug ∩ Ŷ_aug| / (Σ|Y_aug| + Σ|Ŷ_aug|) (`setBasedRates`);
 * - `macro.*` are the means over documents of the per-document values, an
 *   undefined per-document value (empty Ŷ_aug) counting as the zero-division
 *   value (0 by default, as HEMKit's fixtures count it; left out under "nan").
 *
 * Option `extra.lca.graph` (see `lcaOptions`):
 *
 * - `hemkit` (default): the graphs of the authors' HEMKit (`hemkitLcaGraphs`):
 *   both sets reduced to their most specific labels, the root a node of the
 *   graphs, HEMKit's own choice of meeting nodes and paths;
 * - `minimal`: the exact minimum of the paper's Problem 2 on the sets as
 *   written, the root left out (`lcaAugmentedSets`);
 * - `redundant`: every shortest LCA connection (Figure 9).
 *
 * @example
 * // tree A → {B, C}, B → {D, E}; d0: D vs E, d1: C vs C
 * const { lca } = evaluate({ taxonomy, gold, pred, metrics: ["lca"] });
 * lca.precision; // (1 + 1) / (2 + 1) = 2/3, micro
 * lca.macro.precision; // (1/2 + 1) / 2 = 0.75
 */
export const lcaFamily = defineFamily({
  id: "lca",
  statistics: "reals",
  slots: setBasedRates.slots,
  measures: LCA_MEASURES,
  glossary: LCA_GLOSSARY,
  parseOptions: lcaOptions,
  width: setBasedRates.width,
  count(doc, ctx, sink, options) {
    const { pool, at } = lcaCountsIn(doc.labelSetPairRecord, ctx.taxonomy, doc.goldLabels, doc.predictedLabels, options.graph);
    setBasedRates.count(sink, pool[at + PAIR_RECORD.lcaTp]!, pool[at + PAIR_RECORD.lcaPredicted]!, pool[at + PAIR_RECORD.lcaGold]!, 1, ctx);
  },
  reduce(sums, documents, ctx, options) {
    const u = undefinedMeasuresOf(ctx);
    const rates = setBasedRates.reduce(sums, documents, ctx, u, "f1");
    return {
      graph: options.graph,
      precision: rates.precision,
      recall: rates.recall,
      f1: rates.f1,
      tp: rates.tp,
      predicted: rates.predicted,
      gold: rates.gold,
      macro: { precision: rates.macro.precision, recall: rates.macro.recall, f1: rates.macro.f },
      undefined: u.names,
    };
  },
});
