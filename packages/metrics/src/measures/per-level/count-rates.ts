import { safeRatio, type UndefinedMeasures } from "../../scoring/measure-family.ts";

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
 * A zero denominator gives the zero-division value and lists `<name>.precision` (…) in `undefinedMeasures`.
 *
 * @example
 * countRates(6, 5, 2, "overall", new UndefinedMeasures()); // { tp: 6, fp: 5, fn: 2, precision: 6/11, recall: 0.75, f1: 12/19 }
 */
export function countRates(tp: number, fp: number, fn: number, name: string, undefinedMeasures: UndefinedMeasures): CountRates {
  return {
    tp,
    fp,
    fn,
    precision: safeRatio(tp, tp + fp, `${name}.precision`, undefinedMeasures),
    recall: safeRatio(tp, tp + fn, `${name}.recall`, undefinedMeasures),
    f1: safeRatio(2 * tp, 2 * tp + fp + fn, `${name}.f1`, undefinedMeasures),
  };
}
