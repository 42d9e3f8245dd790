import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the HC family, keyed by registry key.

const HC_COUNTS =
  "The hierarchical confusion matrix turns each document's gold and predicted paths into one 2×2 confusion matrix over the nodes of the taxonomy: a node on both a gold and a predicted path is a TP, a predicted node off every gold path an FP, a gold node that was not predicted an FN, and a sibling of a path node that both sides left out a TN. The matrices are summed over documents.";

const hcRate = (short: string, definition: string, formula: string): GlossaryEntry => ({
  short,
  definition: `${HC_COUNTS} ${definition}`,
  formula,
});

export const HC_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
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
};
