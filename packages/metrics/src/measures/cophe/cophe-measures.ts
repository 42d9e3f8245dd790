import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

const COPHE = "CoPHE: A Count-Preserving Hierarchical Evaluation Metric in Large-Scale Multi-Label Text Classification";

/** Registry entries of the `cophe` family (per-level values are breakdowns, not ranked). */
export const COPHE_MEASURES: readonly MeasureInfo[] = [
  rate("cophe.overall.precision", "CoPHE-P", "cophe", COPHE),
  rate("cophe.overall.recall", "CoPHE-R", "cophe", COPHE),
  rate("cophe.overall.f1", "CoPHE-F1", "cophe", COPHE),
  rate("cophe.setBased.overall.precision", "CoPHE set-based P", "cophe", COPHE),
  rate("cophe.setBased.overall.recall", "CoPHE set-based R", "cophe", COPHE),
  rate("cophe.setBased.overall.f1", "CoPHE set-based F1", "cophe", COPHE),
  rate("cophe.leafOnly.precision", "Leaf-only P", "cophe", COPHE),
  rate("cophe.leafOnly.recall", "Leaf-only R", "cophe", COPHE),
  rate("cophe.leafOnly.f1", "Leaf-only F1", "cophe", COPHE),
];
