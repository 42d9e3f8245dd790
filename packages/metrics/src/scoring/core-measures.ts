import { rate, type MeasureInfo } from "./measure-info.ts";

const HC = "A Hierarchical Confusion Matrix for Hierarchical Classification";
const GERMEVAL = "GermEval 2019 Task 1 official scorer (scikit-learn semantics)";
const SET = "Kiritchenko et al., hierarchical precision and recall (ancestor-augmented)";

/** Registry entries of the flat, HC and set-based families. */
export const CORE_MEASURES: readonly MeasureInfo[] = [
  rate("flat.micro.precision", "Flat micro-P", "flat", GERMEVAL),
  rate("flat.micro.recall", "Flat micro-R", "flat", GERMEVAL),
  rate("flat.micro.f1", "Flat micro-F1", "flat", GERMEVAL),
  // Labels absent from gold and predictions score 0, so a perfect macro value can be below 1.
  { ...rate("flat.macro.precision", "Flat macro-P", "flat", GERMEVAL), best: undefined },
  { ...rate("flat.macro.recall", "Flat macro-R", "flat", GERMEVAL), best: undefined },
  { ...rate("flat.macro.f1", "Flat macro-F1", "flat", GERMEVAL), best: undefined },
  rate("flat.subsetAccuracy", "Subset accuracy", "flat", GERMEVAL),
  {
    key: "flat.hammingLoss",
    label: "Hamming loss",
    family: "flat",
    direction: "lower",
    range: [0, 1],
    best: 0,
    inputs: "labels",
    source: GERMEVAL,
  },
  rate("hc.accuracy", "HC accuracy", "hc", HC),
  rate("hc.precision", "HC-P", "hc", HC),
  rate("hc.recall", "HC-R", "hc", HC),
  rate("hc.specificity", "HC specificity", "hc", HC),
  rate("hc.f1", "HC-F1", "hc", HC),
  { key: "hc.mcc", label: "HC-MCC", family: "hc", direction: "higher", range: [-1, 1], best: 1, inputs: "labels", source: HC },
  { key: "hc.fnr", label: "HC FNR", family: "hc", direction: "lower", range: [0, 1], best: 0, inputs: "labels", source: HC },
  { key: "hc.fpr", label: "HC FPR", family: "hc", direction: "lower", range: [0, 1], best: 0, inputs: "labels", source: HC },
  rate("hierarchical.precision", "hP", "hierarchical", SET),
  rate("hierarchical.recall", "hR", "hierarchical", SET),
  rate("hierarchical.f1", "hF", "hierarchical", SET),
  rate("hierarchical.fBeta", "hFβ", "hierarchical", SET),
  rate("hierarchical.macro.precision", "hP (per-doc)", "hierarchical", SET),
  rate("hierarchical.macro.recall", "hR (per-doc)", "hierarchical", SET),
  rate("hierarchical.macro.fBeta", "hFβ (per-doc)", "hierarchical", SET),
];
