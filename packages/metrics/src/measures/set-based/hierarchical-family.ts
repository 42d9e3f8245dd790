import type { MeasureFamily } from "../../scoring/measure-family.ts";
import { safeRatio } from "../../scoring/measure-family.ts";
import { fBeta, fBetaOfCounts, perDocumentRates } from "../../scoring/per-document-rates.ts";
import type { PreparedDocument } from "../../scoring/prepared-document.ts";
import { undefinedMeasuresOf, zeroDivisionOf } from "../../scoring/zero-division.ts";
import { descendantOverlap, setAugmentation, type SetAugmentation, type SetOverlap } from "./descendant-augmentation.ts";
import { HIERARCHICAL_MEASURES } from "./hierarchical-measures.ts";

export { fBeta };

const TP = 0;
const PREDICTED = 1;
const GOLD = 2;
/** ΣP, ΣR, ΣFβ per document (and their defined counts under zeroDivision "nan"). */
const MACRO = 3;

/**
 * Set-based hierarchical precision, recall and Fβ with ancestor augmentation
 * (Kiritchenko et al.; "A survey of hierarchical classification across
 * different application domains", and the measure review of paper 004):
 * Ĝ and P̂ are the gold and predicted labels plus all their ancestors (the
 * root excluded).
 *
 * - micro: hP = Σ|Ĝ∩P̂| / Σ|P̂|, hR = Σ|Ĝ∩P̂| / Σ|Ĝ|, hFβ = (β²+1)·hP·hR / (β²·hP + hR),
 *   computed as (β²+1)·Σ|Ĝ∩P̂| / (β²·Σ|Ĝ| + Σ|P̂|) (`fBetaOfCounts`)
 * - macro (per document): the means over documents of each document's hP,
 *   hR and hFβ, an undefined per-document value counting as the
 *   zero-division value (0 by default; left out of the mean under "nan").
 *
 * With `extra.setBased = { augment: "descendants" }`, Ĝ and P̂ are instead the
 * labels plus all their descendants (Ipeirotis et al., see `descendantOverlap`).
 */
export const hierarchicalFamily: MeasureFamily<SetAugmentation> = {
  id: "hierarchical",
  statistics: "reals",
  measures: HIERARCHICAL_MEASURES,
  parseOptions: setAugmentation,
  width: (ctx) => MACRO + perDocumentRates.width(zeroDivisionOf(ctx)),
  count(doc, ctx, sink, augment) {
    const { tp, predicted, gold } =
      augment === "descendants" ? descendantOverlap(ctx.taxonomy, doc.goldLabels, doc.predictedLabels) : ancestorOverlap(doc);
    sink.add(TP, tp);
    sink.add(PREDICTED, predicted);
    sink.add(GOLD, gold);
    perDocumentRates.count(sink, MACRO, tp, predicted, gold, ctx.options.beta, zeroDivisionOf(ctx));
  },
  reduce(sums, documents, ctx, augment) {
    const u = undefinedMeasuresOf(ctx);
    const beta = ctx.options.beta;
    const tp = sums[TP]!;
    const precision = safeRatio(tp, sums[PREDICTED]!, "precision", u);
    const recall = safeRatio(tp, sums[GOLD]!, "recall", u);
    const [macroP, macroR, macroF] = perDocumentRates.reduce(
      sums,
      MACRO,
      documents,
      zeroDivisionOf(ctx),
      ["macro.precision", "macro.recall", "macro.fBeta"],
      u,
    );
    const macro = { precision: macroP, recall: macroR, f: macroF };
    return {
      precision,
      recall,
      f1: fBetaOfCounts(tp, sums[GOLD]!, sums[PREDICTED]!, 1, "f1", u),
      beta,
      fBeta: fBetaOfCounts(tp, sums[GOLD]!, sums[PREDICTED]!, beta, "fBeta", u),
      tp,
      predicted: sums[PREDICTED]!,
      gold: sums[GOLD]!,
      macro: { precision: macro.precision, recall: macro.recall, fBeta: macro.f },
      // Named only when not the default, so the default result stays exactly as before.
      ...(augment === "descendants" ? { augment: "descendants" } : {}),
      undefined: u.names,
    };
  },
};

/** |Ĝ ∩ P̂|, |P̂| and |Ĝ| of the ancestor-augmented sets (the root excluded). */
function ancestorOverlap(doc: PreparedDocument): SetOverlap {
  const gold = doc.goldClosure;
  const predicted = doc.predictedClosure;
  let tp = 0;
  for (const node of predicted) if (gold.has(node)) tp += 1;
  return { tp, predicted: predicted.size, gold: gold.size };
}
