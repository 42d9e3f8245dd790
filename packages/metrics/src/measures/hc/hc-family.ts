import { defineFamily, safeRatio, UndefinedMeasures } from "../../scoring/measure-family.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { undefinedMeasuresOf, zeroDivisionValue, type ZeroDivision } from "../../scoring/zero-division.ts";
import { documentConfusion } from "./document-confusion.ts";
import { HC_MEASURES } from "./hc-measures.ts";
import { HC_GLOSSARY } from "./hc-glossary.ts";

const SLOTS = statisticSlots("tp", "tn", "fp", "fn");
const { tp: TP, tn: TN, fp: FP, fn: FN } = SLOTS.at;

/**
 * The hierarchical confusion matrix ("A Hierarchical Confusion Matrix for
 * Hierarchical Classification"), summed over documents, with its derived
 * measures:
 * accuracy = (TP+TN)/(TP+TN+FP+FN), precision = TP/(TP+FP), recall = TP/(TP+FN),
 * specificity = TN/(TN+FP), F1 = 2TP/(2TP+FP+FN),
 * MCC = (TP·TN − FP·FN)/√((TP+FP)(TP+FN)(TN+FP)(TN+FN)),
 * FNR = FN/(FN+TP), FPR = FP/(FP+TN), PT = (√(TPR·FPR) − FPR)/(TPR − FPR).
 * PT is computed from TPR and FPR as reported: from the zero-division value
 * where one of them is undefined (NaN under "nan"), and is then listed too.
 */
export const hcFamily = defineFamily({
  id: "hc",
  statistics: "integers",
  slots: SLOTS,
  measures: HC_MEASURES,
  glossary: HC_GLOSSARY,
  count(doc, ctx, sink) {
    const [tp, tn, fp, fn] = documentConfusion(ctx.taxonomy, doc.goldCovered, doc.predictedPaths);
    sink.add(TP, tp);
    sink.add(TN, tn);
    sink.add(FP, fp);
    sink.add(FN, fn);
  },
  reduce(sums, _documents, ctx) {
    return confusionMeasures(sums[TP]!, sums[TN]!, sums[FP]!, sums[FN]!, undefinedMeasuresOf(ctx));
  },
});

/**
 * Every measure derived from a binary confusion matrix; undefined ones take
 * the zero-division value (0 unless given, or a choice: 0, 1 or "nan") and are listed.
 */
export function confusionMeasures(tp: number, tn: number, fp: number, fn: number, zeroDivision: UndefinedMeasures | ZeroDivision = 0) {
  const u = zeroDivision instanceof UndefinedMeasures ? zeroDivision : new UndefinedMeasures(zeroDivisionValue(zeroDivision));
  const recall = safeRatio(tp, tp + fn, "recall", u);
  const fpr = safeRatio(fp, fp + tn, "fpr", u);
  // Counts are doubles, so the products below cannot overflow as 32-bit integers would.
  const mccDenominator = Math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn));
  return {
    tp,
    tn,
    fp,
    fn,
    accuracy: safeRatio(tp + tn, tp + tn + fp + fn, "accuracy", u),
    precision: safeRatio(tp, tp + fp, "precision", u),
    recall,
    specificity: safeRatio(tn, tn + fp, "specificity", u),
    f1: safeRatio(2 * tp, 2 * tp + fp + fn, "f1", u),
    mcc: safeRatio(tp * tn - fp * fn, mccDenominator, "mcc", u),
    fnr: safeRatio(fn, fn + tp, "fnr", u),
    fpr,
    pt: prevalenceThreshold(recall, fpr, u),
    undefined: u.names,
  };
}

/** PT = (√(TPR·FPR) − FPR)/(TPR − FPR); listed when TPR or FPR is undefined, whatever number that gave. */
function prevalenceThreshold(tpr: number, fpr: number, u: UndefinedMeasures): number {
  if (u.has("recall") || u.has("fpr")) {
    u.add("pt");
    const denominator = tpr - fpr;
    return denominator === 0 ? u.value : (Math.sqrt(tpr * fpr) - fpr) / denominator;
  }
  return safeRatio(Math.sqrt(tpr * fpr) - fpr, tpr - fpr, "pt", u);
}
