import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the flat family, keyed by registry key. The paper of each measure is the
// registry's `source`; these texts say what it computes.

const FLAT_LABELS = "Labels are taken as written (no ancestors added), duplicates removed.";

export const FLAT_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
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
};
