import type { GlossaryEntry } from "../../scoring/measure-info.ts";

const SWEEP =
  "CAFA scores each namespace (a root of the ontology and every term below it) on its own. Prediction scores are propagated up the DAG (max: a term gets the largest score of itself and its descendants; fill: only unscored terms inherit), gold terms to all their ancestors. A protein takes part where it has gold; at each threshold τ = h + i·h (h = 0.01 by default) it predicts the terms scoring ≥ τ.";
const AVERAGE =
  "Precision is averaged over the proteins that predict something at τ, recall over every gold protein (normalisation cafa; gt averages both over the gold proteins, pred both over the predicting ones). Thresholds where no protein predicts are left out.";
const WEIGHTED =
  "Each term counts with its information accretion ia(t) = −log P(t | parents(t)) from the IA file; terms without a positive weight are left out, roots included or not.";
const S =
  "RU (remaining uncertainty) is the average over the gold proteins of what the prediction misses, MI (misinformation) of what it adds wrongly.";

const PR =
  "pr(τ) = \\frac{1}{m(τ)} \\sum_{p: |P_p(τ)|>0} \\frac{|P_p(τ) ∩ G_p|}{|P_p(τ)|},\\quad rc(τ) = \\frac{1}{n} \\sum_p \\frac{|P_p(τ) ∩ G_p|}{|G_p|}";
const FMAX = `F_{max} = \\max_τ \\frac{2\\,pr(τ)\\,rc(τ)}{pr(τ) + rc(τ)},\\quad ${PR}`;
const RU = "ru(τ) = \\frac{1}{n} \\sum_p |G_p \\setminus P_p(τ)|,\\quad mi(τ) = \\frac{1}{n} \\sum_p |P_p(τ) \\setminus G_p|";
const WRU =
  "ru(τ) = \\frac{1}{n} \\sum_p \\sum_{t ∈ G_p \\setminus P_p(τ)} ia(t),\\quad mi(τ) = \\frac{1}{n} \\sum_p \\sum_{t ∈ P_p(τ) \\setminus G_p} ia(t)";

function at(measure: string, best: string, formula: string): GlossaryEntry {
  return {
    short: `${measure} at the threshold of ${best}, per namespace (CAFA-evaluator).`,
    definition: `${measure} of the row of the sweep where ${best} is reached (the lowest such threshold). ${SWEEP} ${AVERAGE}`,
    formula,
  };
}

/** Glossary texts of the cafa family, keyed by registry key. */
export const CAFA_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "cafa.fmax": {
    short: "Best protein-centric F1 over a threshold sweep, per namespace, as CAFA-evaluator computes it.",
    definition: `Fmax is the largest harmonic mean of average precision and recall over the thresholds. ${SWEEP} ${AVERAGE}`,
    formula: FMAX,
  },
  "cafa.precisionAtFmax": at("Average precision", "Fmax", PR),
  "cafa.recallAtFmax": at("Average recall", "Fmax", PR),
  "cafa.coverageAtFmax": at("Coverage (the share of gold proteins predicting something)", "Fmax", "cov(τ) = \\frac{m(τ)}{n}"),
  "cafa.fmaxMicro": {
    short: "Best micro-averaged F1 over the sweep: true and false positives pooled over proteins first.",
    definition: `Micro Fmax pools the counts of all gold proteins before dividing: precision TP/(TP + FP), recall TP/(TP + FN). ${SWEEP}`,
    formula: "F^{micro}_{max} = \\max_τ \\frac{2\\,TP(τ)}{2\\,TP(τ) + FP(τ) + FN(τ)}",
  },
  "cafa.smin": {
    short: "Smallest distance sqrt(RU² + MI²) over the sweep, counting terms (CAFA-evaluator's reported S).",
    definition: `Smin is the smallest semantic distance between prediction and gold over the thresholds, here with every term counting 1, as CAFA-evaluator reports it even with an IA file. ${S} ${SWEEP}`,
    formula: `S_{min} = \\min_τ \\sqrt{ru(τ)^2 + mi(τ)^2},\\quad ${RU}`,
  },
  "cafa.ruAtSmin": at("Remaining uncertainty", "Smin", RU),
  "cafa.miAtSmin": at("Misinformation", "Smin", RU),
  "cafa.wfmax": {
    short: "Fmax with every term weighted by its information accretion, per namespace; needs an IA file.",
    definition: `Weighted Fmax counts a term by its information content, so deep, rare terms matter more than the shallow ones every predictor gets right. ${WEIGHTED} ${SWEEP} ${AVERAGE}`,
    formula: `wF_{max} = \\max_τ \\frac{2\\,wpr(τ)\\,wrc(τ)}{wpr(τ) + wrc(τ)},\\quad wpr, wrc: |X| → \\sum_{t∈X} ia(t)`,
  },
  "cafa.wprecisionAtWfmax": at("Weighted average precision", "wFmax", "wpr(τ): pr(τ) with |X| → \\sum_{t∈X} ia(t)"),
  "cafa.wrecallAtWfmax": at("Weighted average recall", "wFmax", "wrc(τ): rc(τ) with |X| → \\sum_{t∈X} ia(t)"),
  "cafa.wsmin": {
    short: "The classic CAFA Smin: smallest sqrt(RU² + MI²) with terms weighted by information accretion.",
    definition: `wSmin is Clark & Radivojac's Smin: remaining uncertainty and misinformation in bits of information accretion, minimised over the sweep. ${S} ${WEIGHTED} ${SWEEP}`,
    formula: `S_{min} = \\min_τ \\sqrt{ru(τ)^2 + mi(τ)^2},\\quad ${WRU}`,
  },
  "cafa.wruAtWsmin": at("Weighted remaining uncertainty", "wSmin", WRU),
  "cafa.wmiAtWsmin": at("Weighted misinformation", "wSmin", WRU),
};
