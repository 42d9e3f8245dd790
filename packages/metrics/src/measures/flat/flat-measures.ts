import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

const GERMEVAL = "GermEval 2019 Task 1 official scorer (scikit-learn semantics)";

/** Registry entries of the flat family. */
export const FLAT_MEASURES: readonly MeasureInfo[] = [
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
];
