import type { UndefinedMeasures } from "../../scoring/measure-family.ts";

/** Micro counts with the rates derived from them. */
export interface CountRates {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Precision, recall and F1 from summed counts:
 * P = TP / (TP + FP), R = TP / (TP + FN), F1 = 2·TP / (2·TP + FP + FN).
 * A zero denominator gives the zero-division value and lists `<name><suffix>.precision` (…) in
 * `undefinedMeasures`; the names are only built then (a reduce runs per resample).
 *
 * @example
 * countRates(6, 5, 2, "overall", new UndefinedMeasures()); // { tp: 6, fp: 5, fn: 2, precision: 6/11, recall: 0.75, f1: 12/19 }
 */
export function countRates(
  tp: number,
  fp: number,
  fn: number,
  name: string,
  undefinedMeasures: UndefinedMeasures,
  suffix = "",
): CountRates {
  return {
    tp,
    fp,
    fn,
    precision: tp + fp !== 0 ? tp / (tp + fp) : undefinedRate(name, suffix, "precision", undefinedMeasures),
    recall: tp + fn !== 0 ? tp / (tp + fn) : undefinedRate(name, suffix, "recall", undefinedMeasures),
    f1: 2 * tp + fp + fn !== 0 ? (2 * tp) / (2 * tp + fp + fn) : undefinedRate(name, suffix, "f1", undefinedMeasures),
  };
}

/** Lists `<name><suffix>.<measure>` as undefined and gives the zero-division value. */
function undefinedRate(name: string, suffix: string, measure: string, undefinedMeasures: UndefinedMeasures): number {
  undefinedMeasures.add(`${name}${suffix}.${measure}`);
  return undefinedMeasures.value;
}
