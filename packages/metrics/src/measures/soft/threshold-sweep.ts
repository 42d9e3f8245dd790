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
 * predicted, under "nan") never wins over a number.
 */
export function thresholdSweep(
  sums: Float64Array,
  at: number,
  gold: number,
  thresholds: readonly number[],
  cumulative: Float64Array,
  undefinedValue: number,
): ThresholdSweep {
  for (let k = thresholds.length - 1; k >= 0; k--) {
    cumulative[2 * k] = cumulative[2 * k + 2]! + sums[at + 2 * k]!;
    cumulative[2 * k + 1] = cumulative[2 * k + 3]! + sums[at + 2 * k + 1]!;
  }
  const points = new Array<SweepPoint>(thresholds.length);
  let predicts = false;
  for (let k = 0; k < thresholds.length; k++) {
    const tp = cumulative[2 * k]!;
    const predicted = cumulative[2 * k + 1]!;
    const precision = predicted === 0 ? undefinedValue : tp / predicted;
    const recall = gold === 0 ? undefinedValue : tp / gold;
    const f1 = gold + predicted === 0 ? undefinedValue : (2 * tp) / (gold + predicted);
    points[k] = { threshold: thresholds[k]!, precision, recall, f1, tp, predicted };
    if (predicted !== 0) predicts = true;
  }
  let best = points[0]!;
  for (const s of points) if (s.f1 > best.f1 || (Number.isNaN(best.f1) && !Number.isNaN(s.f1))) best = s;
  return { points, best, predicts };
}
