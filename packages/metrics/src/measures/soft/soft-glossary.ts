import { REGISTERED_SOFT_ORDERS } from "./soft-measures.ts";
import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the soft family, keyed by registry key.

const SOFT_HARD = "A hard prediction counts as scores of 1 on its labels, so these are defined for every submission.";

const NORDEN =
  "van Norden & Jonker average, over the documents with gold label i, the scores given to every label j (the mean belief M_ij), and group the labels j into rings by how far up the tree one must go from i to reach them: ring 0 is i itself, ring a is reached through i's a-th ancestor.";

function softOrders(): Record<string, GlossaryEntry> {
  const out: Record<string, GlossaryEntry> = {};
  for (let a = 1; a <= REGISTERED_SOFT_ORDERS; a++) {
    out[`soft.confusion.${a}`] = {
      short: `Mean score given to labels in ring ${a} around the gold label (confused through its ${a}-th ancestor); lower is better.`,
      definition: `${NORDEN} B̄_${a} sums the mean beliefs over ring ${a} and averages over gold labels deep enough to have one. ${SOFT_HARD}`,
      formula: `\\bar B_{${a}} = \\operatorname{mean}_i \\sum_{j \\in R_{${a}}(i)} M_{ij}`,
    };
    out[`soft.rms.${a}`] = {
      short: `How unevenly the scores in ring ${a} are spread (RMS distance to their mean); lower is better.`,
      definition: `${NORDEN} δ̄_${a} is the root-mean-square distance of the beliefs in ring ${a} to their mean, averaged over gold labels. ${SOFT_HARD}`,
      formula: `\\bar\\delta_{${a}} = \\operatorname{mean}_i \\sqrt{\\tfrac{1}{P_{${a}}(i)} \\sum_{j \\in R_{${a}}(i)} \\big(M_{ij} - \\tfrac{B_{${a}}(i)}{P_{${a}}(i)}\\big)^2}`,
    };
  }
  return out;
}

export const SOFT_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "soft.auprc": {
    short: "Area under the precision–recall curve over all (document, class) pairs, from the scores; needs soft predictions.",
    definition: `Every class of the taxonomy gets a score per document (a node's score is the largest of its own and its descendants'), gold membership is ancestor-closed, and the pooled precision–recall curve over all thresholds is integrated (Davis & Goadrich interpolation). Threshold-free. ${SOFT_HARD}`,
    formula: "\\mathrm{AU(PRC)} = \\int_0^1 P(R)\\,dR",
  },
  "soft.averagePrecision": {
    short:
      "Average precision over all (document, class) pairs, step-wise as scikit-learn's average_precision_score (micro); needs soft predictions.",
    definition: `The same pooled ranking as AU(PRC), summarised without interpolation: the precision at each threshold weighted by the recall gained there, as scikit-learn's average_precision_score with average="micro" computes it, for comparison with that library. ${SOFT_HARD}`,
    formula: "\\mathrm{AP} = \\sum_n (R_n - R_{n-1})\\,P_n",
  },
  "soft.best.f1": {
    short: "Highest hF1 over a sweep of score thresholds: how good the scores can be with the best cut-off.",
    definition: `For each threshold t the labels scored at least t (with their ancestors) form the prediction, and hP, hR and hF1 are computed; this is the best hF1 over the sweep. ${SOFT_HARD}`,
    formula: "\\max_t \\frac{2\\,hP(t)\\,hR(t)}{hP(t) + hR(t)}",
  },
  "soft.best.precision": {
    short: "Hierarchical precision at the threshold that gives the best hF1.",
    definition: `hP of the sweep at the threshold t* with the highest hF1. ${SOFT_HARD}`,
    formula: "hP(t^*),\\quad t^* = \\arg\\max_t hF_1(t)",
  },
  "soft.best.recall": {
    short: "Hierarchical recall at the threshold that gives the best hF1.",
    definition: `hR of the sweep at the threshold t* with the highest hF1. ${SOFT_HARD}`,
    formula: "hR(t^*),\\quad t^* = \\arg\\max_t hF_1(t)",
  },
  "soft.confusion.0": {
    short: "Mean score given to the gold label itself (the diagonal of the belief matrix); higher is better.",
    definition: `${NORDEN} B̄_0 is the mean of the diagonal M_ii: how much belief the right label gets. ${SOFT_HARD}`,
    formula: "\\bar B_0 = \\operatorname{mean}_i M_{ii}",
  },
  "soft.rms.0": {
    short: "How unevenly the gold labels are recognised: RMS deviation of the diagonal beliefs; lower is better.",
    definition: `${NORDEN} δ̄_0 is the root-mean-square deviation of the diagonal beliefs M_ii from their mean B̄_0: small when every class is recognised equally well. ${SOFT_HARD}`,
    formula: "\\bar\\delta_0 = \\sqrt{\\operatorname{mean}_i (M_{ii} - \\bar B_0)^2}",
  },
  ...softOrders(),
};
