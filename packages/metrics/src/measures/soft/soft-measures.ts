import type { MeasureInfo } from "../../scoring/measure-info.ts";

const VENS = "Vens et al., Decision trees for hierarchical multi-label classification (pooled AU(PRC), Davis & Goadrich interpolation)";
const SWEEP = "Kiritchenko et al., hierarchical precision and recall, over a threshold sweep";
const SKLEARN =
  'scikit-learn, sklearn.metrics.average_precision_score(average="micro"), step-wise, over the pooled (document, class) pairs';
const NORDEN = "Confusion and Distance Metrics as Performance Criteria for Hierarchical Classification Spaces";

/** Orders a of B̄_a and δ̄_a with registry entries; deeper orders are still reported, without an entry. */
export const REGISTERED_SOFT_ORDERS = 6;

function soft(
  key: string,
  label: string,
  direction: "higher" | "lower",
  range: readonly [number, number],
  source: string,
  best?: number,
): MeasureInfo {
  return { key, label, family: "soft", direction, range, best, inputs: "scores", source };
}

/** Registry entries of the soft family. */
export const SOFT_MEASURES: readonly MeasureInfo[] = [
  soft("soft.auprc", "AU(PRC)", "higher", [0, 1], VENS, 1),
  soft("soft.averagePrecision", "Average precision (micro)", "higher", [0, 1], SKLEARN, 1),
  soft("soft.best.f1", "Best hF1 (sweep)", "higher", [0, 1], SWEEP, 1),
  soft("soft.best.precision", "hP at best hF1", "higher", [0, 1], SWEEP),
  soft("soft.best.recall", "hR at best hF1", "higher", [0, 1], SWEEP),
  soft("soft.confusion.0", "B̄_0 (diagonal)", "higher", [0, 1], NORDEN, 1),
  soft("soft.rms.0", "δ̄_0 (diagonal RMS)", "lower", [0, 1], NORDEN, 0),
  // Multi-label scores need not sum to 1, so a ring's confusion can exceed 1.
  ...Array.from({ length: REGISTERED_SOFT_ORDERS }, (_, i) =>
    soft(`soft.confusion.${i + 1}`, `B̄_${i + 1}`, "lower", [0, Infinity], NORDEN),
  ),
  ...Array.from({ length: REGISTERED_SOFT_ORDERS }, (_, i) => soft(`soft.rms.${i + 1}`, `δ̄_${i + 1}`, "lower", [0, 1], NORDEN)),
];
