import type { GlossaryEntry } from "./glossary-entry.ts";

// Glossary texts of the flat, HC and set-based families, keyed by registry key. The paper of each
// measure is the registry's `source`; these texts say what it computes.

const FLAT_LABELS = "Labels are taken as written (no ancestors added), duplicates removed.";
const HC_COUNTS =
  "The hierarchical confusion matrix turns each document's gold and predicted paths into one 2×2 confusion matrix over the nodes of the taxonomy: a node on both a gold and a predicted path is a TP, a predicted node off every gold path an FP, a gold node that was not predicted an FN, and a sibling of a path node that both sides left out a TN. The matrices are summed over documents.";
const SET_BASED =
  "Each document's gold and predicted sets are closed under ancestors (a label implies all its ancestors, by every path), then compared as sets and pooled over documents.";
const PER_DOC =
  "Computed per document on the ancestor-closed sets, then averaged over documents (a document with an empty prediction counts 0).";

const hcRate = (short: string, definition: string, formula: string): GlossaryEntry => ({
  short,
  definition: `${HC_COUNTS} ${definition}`,
  formula,
});

export const CORE_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "flat.micro.precision": {
    short: "Share of predicted labels that are gold labels, pooled over all documents, ignoring the hierarchy.",
    definition: `Flat micro precision counts true and false positives over all (document, label) pairs and divides. ${FLAT_LABELS} A near miss (a sibling of the gold label) counts as fully wrong.`,
    formula: "P_{\\mu} = \\frac{\\sum_d |Y_d \\cap \\hat Y_d|}{\\sum_d |\\hat Y_d|}",
  },
  "flat.micro.recall": {
    short: "Share of gold labels that were predicted, pooled over all documents, ignoring the hierarchy.",
    definition: `Flat micro recall counts true positives and false negatives over all (document, label) pairs. ${FLAT_LABELS}`,
    formula: "R_{\\mu} = \\frac{\\sum_d |Y_d \\cap \\hat Y_d|}{\\sum_d |Y_d|}",
  },
  "flat.micro.f1": {
    short: "Harmonic mean of flat micro precision and recall: the GermEval 2019 ranking measure.",
    definition: `The harmonic mean of the pooled precision and recall, as the official GermEval 2019 scorer computes it with scikit-learn. ${FLAT_LABELS} It disagrees with hF when a team is often nearly right: a sibling of the gold label earns nothing here, but shares the ancestors in hF.`,
    formula: "F1_{\\mu} = \\frac{2\\,TP}{2\\,TP + FP + FN}",
  },
  "flat.macro.precision": {
    short: "Precision computed per label, then averaged over every label of the taxonomy.",
    definition: `Per-label precision TP_l/(TP_l+FP_l), averaged over the whole label universe of the (cut) taxonomy; an undefined per-label value counts as 0, so rare labels weigh as much as frequent ones. ${FLAT_LABELS}`,
    formula: "P_{M} = \\frac{1}{|L|} \\sum_{l \\in L} \\frac{TP_l}{TP_l + FP_l}",
  },
  "flat.macro.recall": {
    short: "Recall computed per label, then averaged over every label of the taxonomy.",
    definition: `Per-label recall TP_l/(TP_l+FN_l), averaged over the whole label universe; an undefined value counts as 0. ${FLAT_LABELS}`,
    formula: "R_{M} = \\frac{1}{|L|} \\sum_{l \\in L} \\frac{TP_l}{TP_l + FN_l}",
  },
  "flat.macro.f1": {
    short: "F1 computed per label, then averaged over every label: rewards getting rare labels right.",
    definition: `The mean of the per-label F1 values over the label universe (not the harmonic mean of macro P and R); an undefined value counts as 0. ${FLAT_LABELS}`,
    formula: "F1_{M} = \\frac{1}{|L|} \\sum_{l \\in L} \\frac{2\\,TP_l}{2\\,TP_l + FP_l + FN_l}",
  },
  "flat.subsetAccuracy": {
    short: "Share of documents whose predicted label set equals the gold set exactly.",
    definition: `Exact-match accuracy: a document counts 1 only when its predicted set equals its gold set, else 0. ${FLAT_LABELS} The strictest measure on the board.`,
    formula: "\\mathrm{SA} = \\frac{1}{N} \\sum_d [\\hat Y_d = Y_d]",
  },
  "flat.hammingLoss": {
    short: "Share of wrong yes/no label decisions over all documents and labels; lower is better.",
    definition: `Every document makes one yes/no decision per label of the universe; the Hamming loss is the share of those decisions that are wrong (false positives plus false negatives). ${FLAT_LABELS}`,
    formula: "\\mathrm{HL} = \\frac{1}{N\\,|L|} \\sum_d |Y_d \\,\\triangle\\, \\hat Y_d|",
  },
  "hc.accuracy": hcRate(
    "Share of correct node decisions (TP+TN) in the hierarchical confusion matrix.",
    "Accuracy is the share of correct cells.",
    "\\mathrm{Acc} = \\frac{TP + TN}{TP + TN + FP + FN}",
  ),
  "hc.precision": hcRate(
    "Share of predicted path nodes that lie on a gold path (hierarchical confusion matrix).",
    "Precision is TP over everything predicted.",
    "P = \\frac{TP}{TP + FP}",
  ),
  "hc.recall": hcRate(
    "Share of gold path nodes that were predicted (hierarchical confusion matrix).",
    "Recall is TP over everything in the gold paths.",
    "R = \\frac{TP}{TP + FN}",
  ),
  "hc.specificity": hcRate(
    "Share of the neighbours left out by gold that the prediction also left out.",
    "Specificity is TN over all true negatives and false positives.",
    "\\mathrm{Spec} = \\frac{TN}{TN + FP}",
  ),
  "hc.f1": hcRate(
    "F1 of the hierarchical confusion matrix: partial credit for a path that is right down to some level.",
    "HC-F1 is the F1 of the summed matrix. Unlike flat F1 it gives partial credit to a prediction that follows the right path but stops early or goes one level wrong.",
    "F1 = \\frac{2\\,TP}{2\\,TP + FP + FN}",
  ),
  "hc.mcc": hcRate(
    "Matthews correlation of the hierarchical confusion matrix, from −1 to 1; 0 is chance level.",
    "MCC uses all four cells, so it stays informative when TN is large or small.",
    "\\mathrm{MCC} = \\frac{TP\\cdot TN - FP\\cdot FN}{\\sqrt{(TP+FP)(TP+FN)(TN+FP)(TN+FN)}}",
  ),
  "hc.fnr": hcRate(
    "Share of gold path nodes that were missed; lower is better.",
    "The false negative rate is 1 − recall.",
    "\\mathrm{FNR} = \\frac{FN}{FN + TP}",
  ),
  "hc.fpr": hcRate(
    "Share of left-out neighbours that were wrongly predicted; lower is better.",
    "The false positive rate is 1 − specificity.",
    "\\mathrm{FPR} = \\frac{FP}{FP + TN}",
  ),
  "hierarchical.precision": {
    short: "Hierarchical precision: share of predicted labels and their ancestors that are in the gold set with its ancestors.",
    definition: `${SET_BASED} hP is the overlap over the size of the augmented prediction, micro-averaged. A sibling of the gold label still shares its ancestors, so a near miss earns partial credit.`,
    formula: "hP = \\frac{\\sum_d |\\hat G_d \\cap \\hat P_d|}{\\sum_d |\\hat P_d|}",
  },
  "hierarchical.recall": {
    short: "Hierarchical recall: share of gold labels and their ancestors covered by the prediction with its ancestors.",
    definition: `${SET_BASED} hR is the overlap over the size of the augmented gold set, micro-averaged.`,
    formula: "hR = \\frac{\\sum_d |\\hat G_d \\cap \\hat P_d|}{\\sum_d |\\hat G_d|}",
  },
  "hierarchical.f1": {
    short: "Hierarchical F1 (hF): harmonic mean of hP and hR on ancestor-augmented label sets.",
    definition: `${SET_BASED} hF is the harmonic mean of hP and hR. It differs from flat F1 because a wrong leaf under the right parent still scores the shared ancestors.`,
    formula: "hF = \\frac{2\\,hP\\,hR}{hP + hR}",
  },
  "hierarchical.fBeta": {
    short: "Hierarchical F-beta: hP and hR combined with recall weighted β times as much as precision.",
    definition: `${SET_BASED} hFβ weights recall β times as much as precision (β is a scoring option, default 1, where it equals hF).`,
    formula: "hF_{\\beta} = \\frac{(\\beta^2 + 1)\\,hP\\,hR}{\\beta^2\\,hP + hR}",
  },
  "hierarchical.macro.precision": {
    short: "Hierarchical precision computed per document, then averaged over documents.",
    definition: `${PER_DOC} Every document weighs the same, however many labels it has.`,
    formula: "hP_{M} = \\frac{1}{N} \\sum_d \\frac{|\\hat G_d \\cap \\hat P_d|}{|\\hat P_d|}",
  },
  "hierarchical.macro.recall": {
    short: "Hierarchical recall computed per document, then averaged over documents.",
    definition: `${PER_DOC}`,
    formula: "hR_{M} = \\frac{1}{N} \\sum_d \\frac{|\\hat G_d \\cap \\hat P_d|}{|\\hat G_d|}",
  },
  "hierarchical.macro.fBeta": {
    short: "Hierarchical F-beta computed per document, then averaged over documents.",
    definition: `${PER_DOC} Each document's hFβ uses its own hP and hR.`,
    formula: "hF_{\\beta,M} = \\frac{1}{N} \\sum_d \\frac{(\\beta^2 + 1)\\,hP_d\\,hR_d}{\\beta^2\\,hP_d + hR_d}",
  },
};
