/** One operating point of a pooled PR curve: cumulative true and false positives at a threshold. */
export interface PrPoint {
  readonly tp: number;
  readonly fp: number;
}

/**
 * Area under a precision-recall curve with the interpolation of Davis &
 * Goadrich: between two operating points A and B (thresholds descending),
 * true positives grow linearly and false positives grow with them at the
 * local skew s = (FP_B − FP_A) / (TP_B − TP_A), so precision at TP_A + x is
 * (TP_A + x) / (TP_A + FP_A + (1 + s)·x). Integrating over recall = TP / N⁺:
 *
 * ∫₀^Δ (a + x) / (c + kx) dx / N⁺ = [Δ/k + (a − c/k)/k · ln((c + kΔ)/c)] / N⁺
 *
 * with a = TP_A, c = TP_A + FP_A, k = 1 + s, Δ = TP_B − TP_A. The curve
 * starts at (0, 0) operating point, whose segment to the first point has
 * constant precision. Undefined (NaN) when there are no positives.
 *
 * Source: J. Davis and M. Goadrich, "The Relationship Between
 * Precision-Recall and ROC Curves" (2006), recommended for hierarchical
 * multi-label evaluation by Cerri et al., "An Extensive Evaluation of
 * Decision Tree-Based Hierarchical Multi-Label Classification Methods and
 * Performance Measures" (after Vens et al., "Decision trees for
 * hierarchical multi-label classification").
 *
 * @example
 * // pooled pairs (score, gold): (0.9, +) (0.8, −) (0.7, +) (0.1, −)
 * areaUnderPrCurve([{ tp: 1, fp: 0 }, { tp: 1, fp: 1 }, { tp: 2, fp: 1 }, { tp: 2, fp: 2 }], 2);
 * // 0.5 + (1 − ln 1.5)/2 = 0.7972674459…
 */
export function areaUnderPrCurve(points: readonly PrPoint[], positives: number): number {
  if (positives <= 0) return NaN;
  let area = 0;
  let a = 0;
  let f = 0;
  for (const point of points) {
    const delta = point.tp - a;
    if (delta > 0) {
      const k = 1 + (point.fp - f) / delta;
      const c = a + f;
      area += c === 0 ? delta / k : delta / k + ((a - c / k) / k) * Math.log((c + k * delta) / c);
    }
    a = point.tp;
    f = point.fp;
  }
  return area / positives;
}

/**
 * Average precision, step-wise, as scikit-learn's `average_precision_score`:
 * AP = Σₙ (Rₙ − Rₙ₋₁)·Pₙ over the operating points (thresholds descending,
 * one per distinct score), Pₙ = TPₙ / (TPₙ + FPₙ), Rₙ = TPₙ / N⁺. No
 * interpolation: unlike the Davis–Goadrich area, precision is held constant
 * over each step of recall. Undefined (NaN) when there are no positives.
 *
 * @example
 * // pooled pairs (score, gold): (0.9, +) (0.8, −) (0.7, +) (0.1, −)
 * averagePrecision([{ tp: 1, fp: 0 }, { tp: 1, fp: 1 }, { tp: 2, fp: 1 }, { tp: 2, fp: 2 }], 2); // ½·1 + ½·⅔ = 5/6
 */
export function averagePrecision(points: readonly PrPoint[], positives: number): number {
  if (positives <= 0) return NaN;
  let sum = 0;
  let previous = 0;
  for (const point of points) {
    if (point.tp > previous) sum += ((point.tp - previous) * point.tp) / (point.tp + point.fp);
    previous = point.tp;
  }
  return sum / positives;
}

/**
 * The operating points of a pooled curve from per-bin counts of a score grid:
 * `positives[b]` and `negatives[b]` count (document, class) pairs whose score
 * falls in bin b (bin 0 = score 0, the last bin = score 1). Points go from
 * the highest bin down, one per non-empty bin, cumulative. `bins`, when
 * given, lists ascending the bins that may be non-empty (the bootstrap's
 * sparse resamples), so that the others are not visited; the points are the same.
 *
 * @example
 * prPointsFromBins([0, 0, 1, 1], [1, 1, 0, 1]); // bins 3, 2, 1, 0: [{tp:1,fp:1}, {tp:2,fp:1}, {tp:2,fp:2}, {tp:2,fp:3}]
 */
export function prPointsFromBins(positives: ArrayLike<number>, negatives: ArrayLike<number>, bins?: ArrayLike<number>): PrPoint[] {
  const points: PrPoint[] = [];
  let tp = 0;
  let fp = 0;
  // `bins`, when given, lists (ascending) every bin that may be non-empty: the others add nothing.
  for (let k = (bins ?? positives).length - 1; k >= 0; k--) {
    const b = bins ? bins[k]! : k;
    const p = positives[b]!;
    const n = negatives[b]!;
    if (p === 0 && n === 0) continue;
    tp += p;
    fp += n;
    points.push({ tp, fp });
  }
  return points;
}
