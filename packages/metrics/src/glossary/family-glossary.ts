import { REGISTERED_SOFT_ORDERS } from "../measures/soft/soft-measures.ts";
import type { GlossaryEntry } from "./glossary-entry.ts";

// Glossary texts of the CoPHE, distance, H-loss, LCA, MGIA and soft families, keyed by registry key.

const COPHE =
  "CoPHE keeps counts instead of sets: for each class c, x_c and y_c are how many of the document's most specific predicted and gold labels lie at or below c. Per class, TP = min(x, y), FP = max(x − y, 0), FN = max(y − x, 0); the counts are summed per level and over the levels.";
const COPHE_SET =
  "The set-based twin of CoPHE replaces the counts x_c and y_c by 0/1 (is there any label at or below c?), which makes it a per-level ancestor-augmented measure.";
const LEAF_ONLY =
  "The leaf-only baseline of the CoPHE paper: flat counts of the most specific labels of each document (labels with none of the document's other labels below them), with no credit for ancestors.";
const DISTANCE =
  "Sun & Lim's distance-based measures give a wrong class partial credit by how close it is to the right one: a false positive or negative contributes Con = Σ (1 − Dis(c, c') / Dis_θ), clipped to [−1, 1], where Dis is the number of edges between the classes and Dis_θ the acceptable distance (default 2). Classes closer than Dis_θ add credit; farther ones subtract it.";
const LCA =
  "LCA measures first reduce the gold and predicted sets to their most specific labels, then augment them with only the ancestors needed to connect them, up to their lowest common ancestors (the LCA graphs, built as the authors' HEMKit builds them, with the root counted as a node), instead of every ancestor up to the root, so shared top-level ancestors do not inflate the score.";
const MGIA =
  "MGIA (multi-label graph induced accuracy) pairs each predicted class with the nearest gold class and vice versa; a pair costs the number of edges between the two classes, and a class with no good partner costs the default-class cost D. E is the summed cost, with a mutually nearest pair charged once, as in the paper's flow network. D defaults to 2 × the taxonomy's depth, the largest distance two classes can have. As in the authors' HEMKit, a class whose nearest partner is D or more edges away goes to the default class instead of being paired, so a pair at exactly the largest distance costs 2D (D for each of its two classes), not D: on a one-level taxonomy (GermEval subtask A) every wrong label costs 2D. The rule is kept so that scores match HEMKit's.";
const SOFT_HARD = "A hard prediction counts as scores of 1 on its labels, so these are defined for every submission.";
const NORDEN =
  "van Norden & Jonker average, over the documents with gold label i, the scores given to every label j (the mean belief M_ij), and group the labels j into rings by how far up the tree one must go from i to reach them: ring 0 is i itself, ring a is reached through i's a-th ancestor.";

const PRF = { P: "\\frac{TP}{TP + FP}", R: "\\frac{TP}{TP + FN}", F1: "\\frac{2\\,TP}{2\\,TP + FP + FN}" } as const;

function prf(
  prefix: string,
  nameOf: (m: "P" | "R" | "F1") => string,
  text: string,
  shortOf: (m: "P" | "R" | "F1") => string,
): Record<string, GlossaryEntry> {
  const keys = { P: "precision", R: "recall", F1: "f1" } as const;
  return Object.fromEntries(
    (["P", "R", "F1"] as const).map((m) => [
      `${prefix}.${keys[m]}`,
      { short: shortOf(m), definition: text, formula: `${nameOf(m)} = ${PRF[m]}` },
    ]),
  );
}

const what = { P: "precision", R: "recall", F1: "F1" } as const;

function distanceEntries(avg: "micro" | "macro"): Record<string, GlossaryEntry> {
  const pooled =
    avg === "micro"
      ? "Micro: the credits and counts are summed over all classes before dividing."
      : "Macro: precision and recall are computed per class, then averaged over the classes that occur.";
  const definition = `${DISTANCE} ${pooled}`;
  const A = "A_j = \\max(0, |TP_j| + \\mathrm{FpCon}_j + \\mathrm{FnCon}_j)";
  const P =
    avg === "micro"
      ? "\\frac{\\sum_j A_j}{\\sum_j (|TP_j| + |FP_j| + \\mathrm{FnCon}_j)}"
      : "\\frac{1}{m}\\sum_j \\frac{A_j}{|TP_j| + |FP_j| + \\mathrm{FnCon}_j}";
  const R =
    avg === "micro"
      ? "\\frac{\\sum_j A_j}{\\sum_j (|TP_j| + |FN_j| + \\mathrm{FpCon}_j)}"
      : "\\frac{1}{m}\\sum_j \\frac{A_j}{|TP_j| + |FN_j| + \\mathrm{FpCon}_j}";
  const short = (m: string) => `Distance-based ${avg} hierarchical ${m} (Sun & Lim): wrong classes near the right one earn partial credit.`;
  return {
    [`distance.${avg}.precision`]: { short: short("precision"), definition, formula: `${A},\\quad hP = ${P}` },
    [`distance.${avg}.recall`]: { short: short("recall"), definition, formula: `${A},\\quad hR = ${R}` },
    [`distance.${avg}.f1`]: { short: short("F1"), definition, formula: "hF = \\frac{2\\,hP\\,hR}{hP + hR}" },
    [`distance.${avg}.fBeta`]: {
      short: short("F-beta"),
      definition,
      formula: "hF_{\\beta} = \\frac{(\\beta^2 + 1)\\,hP\\,hR}{\\beta^2\\,hP + hR}",
    },
  };
}

function lcaEntries(): Record<string, GlossaryEntry> {
  const micro = `${LCA} The counts are pooled over documents.`;
  const macro = `${LCA} Computed per document, then averaged (an empty prediction counts 0).`;
  const set = {
    P: "|Y_{aug} \\cap \\hat Y_{aug}| / |\\hat Y_{aug}|",
    R: "|Y_{aug} \\cap \\hat Y_{aug}| / |Y_{aug}|",
    F1: "2\\,P\\,R / (P + R)",
  } as const;
  const keys = { P: "precision", R: "recall", F1: "f1" } as const;
  const out: Record<string, GlossaryEntry> = {};
  for (const m of ["P", "R", "F1"] as const) {
    out[`lca.${keys[m]}`] = {
      short: `LCA ${what[m]}: set ${what[m]} on label sets augmented only up to their lowest common ancestors.`,
      definition: micro,
      formula: `\\mathrm{LCA\\text{-}${m === "F1" ? "F" : m}} = ${set[m]}`,
    };
    out[`lca.macro.${keys[m]}`] = {
      short: `LCA ${what[m]} per document, averaged over documents.`,
      definition: macro,
      formula: `\\frac{1}{N}\\sum_d ${set[m]}`,
    };
  }
  return out;
}

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

export const FAMILY_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  ...prf(
    "cophe.overall",
    (m) => `\\mathrm{CoPHE\\text{-}${m}}`,
    COPHE,
    (m) => `CoPHE ${what[m]}: counts labels below each class, so predicting a class twice as often as gold costs.`,
  ),
  ...prf(
    "cophe.setBased.overall",
    (m) => m,
    COPHE_SET,
    (m) => `Set-based CoPHE ${what[m]}: per level, does the class or a label below it occur?`,
  ),
  ...prf(
    "cophe.leafOnly",
    (m) => m,
    LEAF_ONLY,
    (m) => `Flat ${what[m]} of each document's most specific labels only (CoPHE's leaf-only baseline).`,
  ),
  ...distanceEntries("micro"),
  ...distanceEntries("macro"),
  "hLoss.hLoss": {
    short: "H-loss: counts a wrong node only when all its ancestors were right; mean per document, lower is better.",
    definition:
      "On ancestor-closed sets, the H-loss charges a node whose gold and predicted membership differ, but only if every ancestor of it was decided correctly: a mistake below a mistake is not charged again. With the default uniform costs each charged node costs 1; with sibling costs the costs are split among siblings and the loss is at most 1.",
    formula:
      "\\ell_H = \\frac{1}{N}\\sum_d \\sum_i c_i\\,\\big[[i \\in G_d] \\ne [i \\in P_d] \\wedge \\forall j \\in \\mathrm{anc}(i): [j \\in G_d] = [j \\in P_d]\\big]",
  },
  "hLoss.symmetricDifference": {
    short: "Mean number of nodes in the prediction or the gold set but not both (ancestors included); lower is better.",
    definition:
      "The size of the symmetric difference between the ancestor-closed gold and predicted sets, averaged over documents. Every wrong node counts, including those below another mistake.",
    formula: "\\ell_{\\Delta} = \\frac{1}{N}\\sum_d |G_d \\,\\triangle\\, P_d|",
  },
  "hLoss.zeroOne": {
    short: "Share of documents whose ancestor-closed prediction differs from gold at all; lower is better.",
    definition:
      "1 for every document whose ancestor-closed predicted set is not exactly the gold set, averaged over documents: the complement of exact-match accuracy on closed sets.",
    formula: "\\ell_{0/1} = \\frac{1}{N}\\sum_d [G_d \\ne P_d]",
  },
  ...lcaEntries(),
  "mgia.accuracy": {
    short: "Multi-label graph induced accuracy: 1 minus the cost of pairing predicted and gold classes by tree distance, per document.",
    definition: `${MGIA} MGIA scales E by D times the number of classes involved and subtracts it from 1, per document; documents with neither gold nor predicted labels are left out, the rest averaged.`,
    formula: "\\mathrm{MGIA} = \\frac{1}{N}\\sum_d \\Big(1 - \\frac{E_d}{D\\,|Y_d \\cup \\hat Y_d|}\\Big)",
  },
  "mgia.micro.accuracy": {
    short: "MGIA pooled over documents: 1 minus total pairing cost over its maximum.",
    definition: `${MGIA} Pooled: the costs and the class counts are summed over documents before dividing.`,
    formula: "\\mathrm{MGIA}_{\\mu} = 1 - \\frac{\\sum_d E_d}{D\\,\\sum_d |Y_d \\cup \\hat Y_d|}",
  },
  "mgia.error": {
    short: "Mean MGIA pairing cost per document, in edges; lower is better.",
    definition: `${MGIA} This is E itself, averaged over documents.`,
    formula: "E_d = \\sum_{(\\hat y, y) \\in \\text{chosen pairs}} \\min\\big(D, d(\\hat y, y)\\big)",
  },
  "mgia.gie": {
    short: "Graph induced error: cost of the best one-to-one pairing of predicted and gold classes by tree distance; lower is better.",
    definition:
      "Each predicted class is paired with at most one gold class and vice versa, at the cost of the number of edges between them; an unpaired class costs D. The minimum total cost (an assignment problem), averaged over documents. For one label on each side of a tree it is the tree induced error.",
    formula: "\\mathrm{GIE}_d = \\min_{\\text{pairings}} \\sum_{(\\hat y, y)} d(\\hat y, y) + D\\cdot\\#\\text{unpaired}",
  },
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
