import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

/** Title of the paper LCA-P/R/F and MGIA come from. */
export const UNIFIED_VIEW = "Evaluation Measures for Hierarchical Classification: a unified view and novel approaches";

/** Registry entries of the `lca` family. */
export const LCA_MEASURES: readonly MeasureInfo[] = [
  rate("lca.precision", "LCA-P", "lca", UNIFIED_VIEW),
  rate("lca.recall", "LCA-R", "lca", UNIFIED_VIEW),
  rate("lca.f1", "LCA-F", "lca", UNIFIED_VIEW),
  rate("lca.macro.precision", "LCA-P (per-doc)", "lca", UNIFIED_VIEW),
  rate("lca.macro.recall", "LCA-R (per-doc)", "lca", UNIFIED_VIEW),
  rate("lca.macro.f1", "LCA-F (per-doc)", "lca", UNIFIED_VIEW),
];
