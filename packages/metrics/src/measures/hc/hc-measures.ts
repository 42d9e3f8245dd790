import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

const HC = "A Hierarchical Confusion Matrix for Hierarchical Classification";

/** Registry entries of the HC family. */
export const HC_MEASURES: readonly MeasureInfo[] = [
  rate("hc.accuracy", "HC accuracy", "hc", HC),
  rate("hc.precision", "HC-P", "hc", HC),
  rate("hc.recall", "HC-R", "hc", HC),
  rate("hc.specificity", "HC specificity", "hc", HC),
  rate("hc.f1", "HC-F1", "hc", HC),
  { key: "hc.mcc", label: "HC-MCC", family: "hc", direction: "higher", range: [-1, 1], best: 1, inputs: "labels", source: HC },
  { key: "hc.fnr", label: "HC FNR", family: "hc", direction: "lower", range: [0, 1], best: 0, inputs: "labels", source: HC },
  { key: "hc.fpr", label: "HC FPR", family: "hc", direction: "lower", range: [0, 1], best: 0, inputs: "labels", source: HC },
];
