import { defineFamily } from "../../scoring/measure-family.ts";
import { fBeta, fBetaOfCounts } from "../../scoring/per-document-rates.ts";
import { ancestorOverlap } from "./ancestor-overlap.ts";
import { setBasedRates } from "../../scoring/set-based-rates.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { descendantOverlap, setAugmentation } from "./descendant-augmentation.ts";
import { HIERARCHICAL_MEASURES } from "./hierarchical-measures.ts";
import { HIERARCHICAL_GLOSSARY } from "./hierarchical-glossary.ts";

export { fBeta };

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
export const hierarchicalFamily = defineFamily({
  id: "hierarchical",
  statistics: "reals",
  slots: setBasedRates.slots,
  measures: HIERARCHICAL_MEASURES,
  glossary: HIERARCHICAL_GLOSSARY,
  parseOptions: setAugmentation,
  width: setBasedRates.width,
  count(doc, ctx, sink, augment) {
    const { tp, predicted, gold } =
      augment === "descendants"
        ? descendantOverlap(ctx.taxonomy, doc.goldLabels, doc.predictedLabels)
        : ancestorOverlap(ctx.taxonomy, doc.goldLabels, doc.predictedLabels);
    setBasedRates.count(sink, tp, predicted, gold, ctx.options.beta, ctx);
  },
  reduce(sums, documents, ctx, augment) {
    const u = undefinedMeasuresOf(ctx);
    const beta = ctx.options.beta;
    const rates = setBasedRates.reduce(sums, documents, ctx, u, "fBeta");
    return {
      precision: rates.precision,
      recall: rates.recall,
      f1: rates.f1,
      beta,
      fBeta: fBetaOfCounts(rates.tp, rates.gold, rates.predicted, beta, "fBeta", u),
      tp: rates.tp,
      predicted: rates.predicted,
      gold: rates.gold,
      macro: { precision: rates.macro.precision, recall: rates.macro.recall, fBeta: rates.macro.f },
      // Named only when not the default, so the default result stays exactly as before.
      ...(augment === "descendants" ? { augment: "descendants" } : {}),
      undefined: u.names,
    };
  },
});
