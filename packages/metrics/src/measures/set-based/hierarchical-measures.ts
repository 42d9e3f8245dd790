import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

const SET = "Kiritchenko et al., hierarchical precision and recall (ancestor-augmented)";

/** Registry entries of the set-based family. */
export const HIERARCHICAL_MEASURES: readonly MeasureInfo[] = [
  rate("hierarchical.precision", "hP", "hierarchical", SET),
  rate("hierarchical.recall", "hR", "hierarchical", SET),
  rate("hierarchical.f1", "hF", "hierarchical", SET),
  rate("hierarchical.fBeta", "hFβ", "hierarchical", SET),
  rate("hierarchical.macro.precision", "hP (per-doc)", "hierarchical", SET),
  rate("hierarchical.macro.recall", "hR (per-doc)", "hierarchical", SET),
  rate("hierarchical.macro.fBeta", "hFβ (per-doc)", "hierarchical", SET),
];
