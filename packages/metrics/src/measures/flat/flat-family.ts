import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { itemRatio, undefinedMeasuresOf, zeroDivisionOf } from "../../scoring/zero-division.ts";
import { fullSampleOf } from "../../uncertainty/full-sample-sums.ts";
import { FLAT_MEASURES } from "./flat-measures.ts";
import { FLAT_GLOSSARY } from "./flat-glossary.ts";

// Statistics layout: the named document-level sums, then TP, FP and FN per label.
const SLOTS = statisticSlots("tp", "fp", "fn", "exact", "wrong");
const { tp: TP, fp: FP, fn: FN, exact: EXACT, wrong: WRONG } = SLOTS.at;
const HEAD = SLOTS.width;
/** Where the per-label TP block starts (FP and FN follow, one taxonomy size apart). */
export const FLAT_LABEL_HEAD = HEAD;

/**
 * Flat multi-label measures with the semantics of the GermEval 2019 official
 * scorer (scikit-learn's multi-label precision/recall/F1): labels as written,
 * no ancestor closure, the label universe is every node of the (cut) taxonomy.
 *
 * - micro P = ΣTP / (ΣTP + ΣFP), R = ΣTP / (ΣTP + ΣFN), F1 = 2PR / (P + R)
 * - macro P, R, F1 = means over the universe of the per-label values; an
 *   undefined per-label value counts as 0; macro F1 is the mean of per-label F1; in a
 *   bootstrap resample, a label whose rate the full sample defines but the resample does not
 *   keeps its full-sample rate (`withFullSample`)
 * - subset accuracy = share of documents whose label sets are equal
 * - Hamming loss = Σ|G Δ P| / (documents × universe size)
 */
export const flatFamily = defineFamily({
  id: "flat",
  statistics: "integers",
  slots: SLOTS,
  measures: FLAT_MEASURES,
  glossary: FLAT_GLOSSARY,
  width: (ctx) => HEAD + 3 * ctx.taxonomy.size,
  count(doc, ctx, sink) {
    const size = ctx.taxonomy.size;
    const gold = doc.goldLabels;
    const predicted = doc.predictedLabels;
    let tp = 0;
    for (const label of predicted) {
      if (gold.includes(label)) {
        tp += 1;
        sink.add(HEAD + label - 1, 1);
      } else sink.add(HEAD + size + label - 1, 1);
    }
    for (const label of gold) if (!predicted.includes(label)) sink.add(HEAD + 2 * size + label - 1, 1);
    const fp = predicted.length - tp;
    const fn = gold.length - tp;
    sink.add(TP, tp);
    sink.add(FP, fp);
    sink.add(FN, fn);
    sink.add(WRONG, fp + fn);
    if (fp === 0 && fn === 0) sink.add(EXACT, 1);
  },
  reduce(sums, documents, ctx) {
    const size = ctx.taxonomy.size;
    const undefinedMeasures = undefinedMeasuresOf(ctx);
    const tp = sums[TP]!;
    const fp = sums[FP]!;
    const fn = sums[FN]!;
    const precision = safeRatio(tp, tp + fp, "micro.precision", undefinedMeasures);
    const recall = safeRatio(tp, tp + fn, "micro.recall", undefinedMeasures);
    const f1 = safeRatio(2 * tp, 2 * tp + fp + fn, "micro.f1", undefinedMeasures);
    // Per-label rates for the macro means; under zeroDivision "nan" a label whose rate is undefined is left out.
    const choice = zeroDivisionOf(ctx);
    // Allocation-free: a paired test reduces these sums twice per resample.
    const sums3 = new Float64Array(3);
    const defined = new Float64Array(3);
    const add = (k: number, value: number | undefined) => {
      if (value === undefined) return;
      sums3[k]! += value;
      defined[k]! += 1;
    };
    // In a resample, a label rate with a zero denominator takes the full sample's rate, if that has one.
    const full = fullSampleOf(sums);
    const rate = (numerator: number, denominator: number, fullNumerator: number, fullDenominator: number) =>
      denominator === 0 && full !== undefined && fullDenominator !== 0
        ? fullNumerator / fullDenominator
        : itemRatio(numerator, denominator, choice);
    for (let i = 0; i < size; i++) {
      const t = sums[HEAD + i]!;
      const p = sums[HEAD + size + i]!;
      const n = sums[HEAD + 2 * size + i]!;
      const fullT = full ? full[HEAD + i]! : 0;
      const fullP = full ? full[HEAD + size + i]! : 0;
      const fullN = full ? full[HEAD + 2 * size + i]! : 0;
      // F1 = 2TP / (2TP + FP + FN), the harmonic mean of P and R wherever that is defined.
      add(0, rate(t, t + p, fullT, fullT + fullP));
      add(1, rate(t, t + n, fullT, fullT + fullN));
      add(2, rate(2 * t, 2 * t + p + n, 2 * fullT, 2 * fullT + fullP + fullN));
    }
    const [sumP, sumR, sumF] = [sums3[0]!, sums3[1]!, sums3[2]!];
    const macroMean = (sum: number, k: number, name: string) =>
      safeRatio(sum, choice === "nan" ? defined[k]! : size, name, undefinedMeasures);
    return {
      micro: { tp, fp, fn, precision, recall, f1 },
      macro: {
        precision: macroMean(sumP, 0, "macro.precision"),
        recall: macroMean(sumR, 1, "macro.recall"),
        f1: macroMean(sumF, 2, "macro.f1"),
        labels: size,
      },
      subsetAccuracy: safeRatio(sums[EXACT]!, documents, "subsetAccuracy", undefinedMeasures),
      hammingLoss: safeRatio(sums[WRONG]!, documents * size, "hammingLoss", undefinedMeasures),
      undefined: undefinedMeasures.names,
    };
  },
});
