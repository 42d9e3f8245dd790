/** The sweep's values at one threshold (micro hP, hR, hF1 and their counts). */
export interface SweepPoint {
  readonly threshold: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly tp: number;
  readonly predicted: number;
}

/** A threshold sweep: its points, the one of highest F1, and whether any threshold predicts a label. */
export interface ThresholdSweep {
  readonly points: SweepPoint[];
  readonly best: SweepPoint;
  readonly predicts: boolean;
}

/**
 * The soft family's sweep from its statistics at `at`: per threshold k (ascending), the pairs
 * counted at that threshold as the highest they pass, (Ĝ ∩ P̂, P̂) at `at + 2k`. Summed from
 * the top down into `cumulative` (scratch of 2·thresholds + 2 places, the last two 0), they give
 * Σ|Ĝ ∩ P̂_t| and Σ|P̂_t| at each threshold t. A ratio with a zero denominator is `undefinedValue`.
 * `best` is the highest F1, the lowest such threshold; a NaN F1 (nothing in the gold nor
 * predicted, under "nan") never wins over a number. Without `withPoints` (a resample, which reads
 * `best` alone), `points` is empty and no other point is made.
 */
export function thresholdSweep(
  sums: Float64Array,
  at: number,
  gold: number,
  thresholds: readonly number[],
  cumulative: Float64Array,
  undefinedValue: number,
  withPoints = true,
): ThresholdSweep {
  for (let k = thresholds.length - 1; k >= 0; k--) {
    cumulative[2 * k] = cumulative[2 * k + 2]! + sums[at + 2 * k]!;
    cumulative[2 * k + 1] = cumulative[2 * k + 3]! + sums[at + 2 * k + 1]!;
  }
  let predicts = false;
  let best = 0;
  let bestF1 = NaN;
  for (let k = 0; k < thresholds.length; k++) {
    const predicted = cumulative[2 * k + 1]!;
    const f1 = gold + predicted === 0 ? undefinedValue : (2 * cumulative[2 * k]!) / (gold + predicted);
    if (k === 0 || f1 > bestF1 || (Number.isNaN(bestF1) && !Number.isNaN(f1))) {
      best = k;
      bestF1 = f1;
    }
    if (predicted !== 0) predicts = true;
  }
  const point = (k: number) => sweepPoint(thresholds[k]!, cumulative[2 * k]!, cumulative[2 * k + 1]!, gold, undefinedValue);
  if (!withPoints) return { points: [], best: point(best), predicts };
  const points = thresholds.map((_, k) => point(k));
  return { points, best: points[best]!, predicts };
}

/** The sweep's values at one threshold from its counts. */
function sweepPoint(threshold: number, tp: number, predicted: number, gold: number, undefinedValue: number): SweepPoint {
  const precision = predicted === 0 ? undefinedValue : tp / predicted;
  const recall = gold === 0 ? undefinedValue : tp / gold;
  const f1 = gold + predicted === 0 ? undefinedValue : (2 * tp) / (gold + predicted);
  return { threshold, precision, recall, f1, tp, predicted };
}
