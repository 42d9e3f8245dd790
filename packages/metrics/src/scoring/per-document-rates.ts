import { safeRatio, type StatSink, type UndefinedMeasures } from "./measure-family.ts";
import { itemRatio, type ZeroDivision } from "./zero-division.ts";

/** Fβ from precision and recall; 0 when both are 0 (NaN when either is NaN). */
export function fBeta(precision: number, recall: number, beta: number): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((1 + b2) * precision * recall) / denominator;
}

/**
 * Fβ of summed counts, (1+β²)·TP / (β²·|gold| + |predicted|): the harmonic
 * mean of P and R wherever both are defined, 0 when only one is (TP is then
 * 0), and undefined only when both sets are empty, as scikit-learn's
 * `fbeta_score`.
 *
 * @example
 * fBetaOfCounts(2, 3, 2, 1, "f1", u); // 2·2 / (3 + 2) = 0.8
 */
export function fBetaOfCounts(tp: number, gold: number, predicted: number, beta: number, name: string, u: UndefinedMeasures): number {
  const b2 = beta * beta;
  return safeRatio((1 + b2) * tp, b2 * gold + predicted, name, u);
}

/**
 * Per-document precision, recall and Fβ summed for a macro average (the
 * hierarchical and LCA families). Entries: ΣP, ΣR, ΣF, and under
 * zeroDivision "nan" also the number of documents where each is defined,
 * since such documents are left out of the average (as scikit-learn does).
 * Under 0 or 1 every document counts and an undefined value is that number.
 */
export const perDocumentRates = {
  width(choice: ZeroDivision): number {
    return choice === "nan" ? 6 : 3;
  },

  count(sink: StatSink, offset: number, tp: number, predicted: number, gold: number, beta: number, choice: ZeroDivision): void {
    const b2 = beta * beta;
    const p = itemRatio(tp, predicted, choice);
    const r = itemRatio(tp, gold, choice);
    // Fβ = (1+β²)·TP / (β²·|gold| + |predicted|): undefined only when both sets are empty.
    const f = itemRatio((1 + b2) * tp, b2 * gold + predicted, choice);
    const values = [p, r, f];
    values.forEach((value, i) => {
      if (value === undefined) return;
      sink.add(offset + i, value);
      if (choice === "nan") sink.add(offset + 3 + i, 1);
    });
  },

  /** The three means; a mean over no defined document is listed under `names` in `undefinedMeasures`. */
  reduce(
    sums: Float64Array,
    offset: number,
    documents: number,
    choice: ZeroDivision,
    names: readonly [string, string, string],
    undefinedMeasures: UndefinedMeasures,
  ): [number, number, number] {
    const mean = (i: number): number =>
      safeRatio(sums[offset + i]!, choice === "nan" ? sums[offset + 3 + i]! : documents, names[i]!, undefinedMeasures);
    return [mean(0), mean(1), mean(2)];
  },
};
