import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { itemRatio, undefinedMeasuresOf, zeroDivisionOf, type ZeroDivision } from "../../scoring/zero-division.ts";
import { fullSampleMemo, fullSampleOf } from "../../uncertainty/full-sample-sums.ts";
import { FullSampleTerms, itemsOf, leftOutEntries } from "../../scoring/full-sample-terms.ts";
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
    const { sums3, defined } = macroSums(sums, size, choice);
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

/**
 * The sums over labels of the per-label precision, recall and F1 (`sums3`), and how many labels
 * each sum counts (`defined`: a rate undefined under zeroDivision "nan" is left out), added in
 * label order. In a resample, a label rate with a zero denominator takes the full sample's rate,
 * if that has one. With one document left out (a jackknife), the labels the document does not
 * touch have the full sample's rates (`FullSampleTerms`).
 */
function macroSums(sums: Float64Array, size: number, choice: ZeroDivision): { sums3: Float64Array; defined: Float64Array } {
  // Allocation-free: a paired test reduces these sums twice per resample.
  const sums3 = new Float64Array(3);
  const defined = new Float64Array(3);
  const full = fullSampleOf(sums);
  const fullTerms = fullSampleMemo(sums, "flat.labelRates", (full, oneLeftOut) =>
    oneLeftOut ? new FullSampleTerms(size, 3, (i, out) => fullLabelRates(full, size, choice, i, out)) : undefined,
  );
  const changed = fullTerms && leftOutEntries(sums);
  if (fullTerms && changed) {
    // One document left out (a jackknife): only the labels it touches are computed.
    const labelOf = (entry: number) => (entry < HEAD ? -1 : (entry - HEAD) % size);
    fullTerms.sumWith(itemsOf(changed, labelOf), sums3, defined, (i) => addLabelRates(sums, full, size, choice, i, sums3, defined));
  } else for (let i = 0; i < size; i++) addLabelRates(sums, full, size, choice, i, sums3, defined);
  return { sums3, defined };
}

/** Adds label i + 1's precision, recall and F1 to `sums3` (counted in `defined`), each unless undefined under "nan". */
function addLabelRates(
  sums: Float64Array,
  full: Float64Array | undefined,
  size: number,
  choice: ZeroDivision,
  i: number,
  sums3: Float64Array,
  defined: Float64Array,
): void {
  const t = sums[HEAD + i]!;
  const p = sums[HEAD + size + i]!;
  const n = sums[HEAD + 2 * size + i]!;
  const fullT = full ? full[HEAD + i]! : 0;
  const fullP = full ? full[HEAD + size + i]! : 0;
  const fullN = full ? full[HEAD + 2 * size + i]! : 0;
  // F1 = 2TP / (2TP + FP + FN), the harmonic mean of P and R wherever that is defined.
  addRate(sums3, defined, 0, labelRate(t, t + p, full, fullT, fullT + fullP, choice));
  addRate(sums3, defined, 1, labelRate(t, t + n, full, fullT, fullT + fullN, choice));
  addRate(sums3, defined, 2, labelRate(2 * t, 2 * t + p + n, full, 2 * fullT, 2 * fullT + fullP + fullN, choice));
}

/** A label's rate; with a zero denominator in a resample, the full sample's rate, if that has one. */
function labelRate(
  numerator: number,
  denominator: number,
  full: Float64Array | undefined,
  fullNumerator: number,
  fullDenominator: number,
  choice: ZeroDivision,
): number | undefined {
  return denominator === 0 && full !== undefined && fullDenominator !== 0
    ? fullNumerator / fullDenominator
    : itemRatio(numerator, denominator, choice);
}

/** Adds a defined rate to sum k and counts it. (Functions, not closures made per label: a reduce runs per resample.) */
function addRate(sums3: Float64Array, defined: Float64Array, k: number, value: number | undefined): void {
  if (value === undefined) return;
  sums3[k]! += value;
  defined[k]! += 1;
}

/**
 * Label i + 1's precision, recall and F1 in the full sample, into `out`; NaN where the rate is
 * undefined under zeroDivision "nan" (a rate of counts is never NaN).
 */
function fullLabelRates(full: Float64Array, size: number, choice: ZeroDivision, i: number, out: Float64Array): void {
  const t = full[HEAD + i]!;
  const p = full[HEAD + size + i]!;
  const n = full[HEAD + 2 * size + i]!;
  out[0] = itemRatio(t, t + p, choice) ?? NaN;
  out[1] = itemRatio(t, t + n, choice) ?? NaN;
  out[2] = itemRatio(2 * t, 2 * t + p + n, choice) ?? NaN;
}
