import type { MeasureInfo } from "../../scoring/measure-info.ts";

const CESA_BIANCHI = "Incremental Algorithms for Hierarchical Classification";
const REVIEW = "An Extensive Evaluation of Decision Tree-Based Hierarchical Multi-Label Classification Methods and Performance Measures";

const loss = (key: string, label: string, max: number, source: string): MeasureInfo => ({
  key,
  label,
  family: "hLoss",
  direction: "lower",
  range: [0, max],
  best: 0,
  inputs: "labels",
  source,
});

/** Registry entries of the `hLoss` family: per-document means, lower is better. */
export const H_LOSS_MEASURES: readonly MeasureInfo[] = [
  // Up to the number of nodes with uniform costs; at most 1 with sibling costs.
  loss("hLoss.hLoss", "H-loss", Infinity, CESA_BIANCHI),
  loss("hLoss.symmetricDifference", "Symmetric-difference loss", Infinity, REVIEW),
  loss("hLoss.zeroOne", "Zero-one loss", 1, REVIEW),
];
