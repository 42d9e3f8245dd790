import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { itemRatio, undefinedMeasuresOf, zeroDivisionOf, type ZeroDivision } from "../../scoring/zero-division.ts";
import { fullSampleMemo, fullSampleOf } from "../../uncertainty/full-sample-sums.ts";
import { FullSampleTerms, itemsOf, leftOutEntries } from "../../scoring/full-sample-terms.ts";
import { fBeta } from "../set-based/hierarchical-family.ts";
import { classDistances } from "./class-distances.ts";
import { refinedContributionOf } from "./distance-contribution.ts";
import { type ClosureMarks, closureMarksOf } from "../../scoring/closure-marks.ts";
import { distanceOptions } from "./distance-options.ts";
import { DISTANCE_MEASURES } from "./distance-measures.ts";
import { DISTANCE_GLOSSARY } from "./distance-glossary.ts";

// Five sums per class (node id − 1): |TP_j|, |FP_j|, |FN_j|, FpCon_j, FnCon_j.
const PER_CLASS = statisticSlots("tp", "fp", "fn", "fpCon", "fnCon");
const { tp: TP, fp: FP, fn: FN, fpCon: FP_CON, fnCon: FN_CON } = PER_CLASS.at;
const STRIDE = PER_CLASS.width;

/**
 * Distance-based micro and macro hierarchical precision and recall of Sun &
 * Lim ("Hierarchical Text Classification and Evaluation"), in the notation of
 * "An Extensive Evaluation of Decision Tree-Based Hierarchical Multi-Label
 * Classification Methods and Performance Measures", Eq. 7–17.
 *
 * Per class j, over documents: |TP_j|, |FP_j|, |FN_j|, FpCon_j = Σ_{FP docs} RCon,
 * FnCon_j = Σ_{FN docs} RCon (see `refinedContribution`, Dis from `ClassDistances`).
 * With A_j = max(0, |TP_j| + FpCon_j + FnCon_j),
 * D^P_j = |TP_j| + |FP_j| + FnCon_j and D^R_j = |TP_j| + |FN_j| + FpCon_j:
 * - Pr_j = A_j / D^P_j, Re_j = A_j / D^R_j (Eq. 12–13); a denominator ≤ 0 gives
 *   the zero-division value (0 by default; under "nan" the class is left out of that mean);
 * - micro: Pr^μ = Σ_j A_j / Σ_j max(0, D^P_j), Re^μ = Σ_j A_j / Σ_j max(0, D^R_j) (Eq. 14–15);
 * - macro: Pr^M, Re^M = means of Pr_j, Re_j over the m classes that occur
 *   (|TP_j| + |FP_j| + |FN_j| > 0) (Eq. 16–17); in a bootstrap resample, the classes that
 *   occur in the full sample, a class the resample does not observe entering with its
 *   full-sample Pr_j and Re_j (`withFullSample`);
 * - F1 and Fβ (β from the options) of each pair (Eq. 3).
 *
 * Two readings had to be fixed (the tests show the working):
 * the max(0, ·) of Eq. 12 covers the whole numerator, as in Eq. 13–15; and in
 * the micro sums a class with a denominator ≤ 0 adds 0 (the paper's own rule
 * "considered zero" for such a class), since the literal sum would let a
 * badly missed class raise precision, or push recall above 1.
 *
 * Options (`extra.distance`): disTheta (default 2), weights "constant" or
 * { decay: w0 }, labels "closure" (default; sets closed under ancestors, the
 * HMC reading of the review) or "asWritten".
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred, metrics: ["distance"], extra: { distance: { disTheta: 2, weights: { decay: 0.75 } } } });
 * result.distance.micro.f1; result.distance.macro.precision;
 */
export const distanceFamily = defineFamily({
  id: "distance",
  statistics: "reals",
  measures: DISTANCE_MEASURES,
  glossary: DISTANCE_GLOSSARY,
  parseOptions: distanceOptions,
  width: (ctx) => STRIDE * ctx.taxonomy.size,
  count(doc, ctx, sink, options) {
    const distances = classDistances(ctx.taxonomy, options.weights);
    const closure = options.labels === "closure";
    let marks: ClosureMarks;
    if (closure) marks = doc.closureMarks;
    else {
      marks = closureMarksOf(ctx.taxonomy);
      marks.mark(new Set(doc.goldLabels), new Set(doc.predictedLabels));
    }
    const { goldNodes, goldCount, predictedNodes, predictedCount } = marks;
    for (let i = 0; i < predictedCount; i++) {
      const node = predictedNodes[i]!;
      const base = STRIDE * (node - 1);
      if (marks.inGold(node)) sink.add(base + TP, 1);
      else {
        sink.add(base + FP, 1);
        const con = refinedContributionOf(distances, node, goldNodes, goldCount, options.disTheta);
        if (con !== 0) sink.add(base + FP_CON, con);
      }
    }
    for (let i = 0; i < goldCount; i++) {
      const node = goldNodes[i]!;
      if (marks.inPredicted(node)) continue;
      const base = STRIDE * (node - 1);
      sink.add(base + FN, 1);
      const con = refinedContributionOf(distances, node, predictedNodes, predictedCount, options.disTheta);
      if (con !== 0) sink.add(base + FN_CON, con);
    }
  },
  reduce(sums, _documents, ctx, options) {
    const beta = ctx.options.beta;
    const u = undefinedMeasuresOf(ctx);
    const { credited, precisionDenominator, recallDenominator, sumP, sumR, classes, classesP, classesR } = classSums(
      sums,
      zeroDivisionOf(ctx),
    );
    const rates = (name: string, precision: number, recall: number) => {
      // An F built on an undefined precision or recall is undefined too: it takes the zero-division value.
      if (u.has(`${name}.precision`) || u.has(`${name}.recall`)) {
        u.add(`${name}.f1`, `${name}.fBeta`);
        return { precision, recall, f1: u.value, fBeta: u.value };
      }
      return { precision, recall, f1: fBeta(precision, recall, 1), fBeta: fBeta(precision, recall, beta) };
    };
    return {
      micro: rates(
        "micro",
        safeRatio(credited, precisionDenominator, "micro.precision", u),
        safeRatio(credited, recallDenominator, "micro.recall", u),
      ),
      macro: { ...rates("macro", safeRatio(sumP, classesP, "macro.precision", u), safeRatio(sumR, classesR, "macro.recall", u)), classes },
      beta,
      disTheta: options.disTheta,
      weights: options.weights === "constant" ? "constant" : `decay ${options.weights.decay}`,
      labels: options.labels,
      undefined: u.names,
    };
  },
});

/**
 * The sums over classes, in class order: Σ A_j, Σ max(0, D^P_j) and Σ max(0, D^R_j) over the
 * observed classes (the micro sums), Σ Pr_j and Σ Re_j (the macro sums); the classes that occur,
 * and how many Pr_j and Re_j the macro sums add (under zeroDivision "nan" an undefined one is left
 * out). In a resample, the classes of the full sample: one the resample does not observe keeps its
 * full-sample rates; with one document left out (a jackknife), the classes the document does not
 * touch have the full sample's terms (`FullSampleTerms`). The sums are built in `totals` (the five sums) and `counts` (the classes, –,
 * –, then the two counts of rates), the layout of `FullSampleTerms`.
 */
function classSums(sums: Float64Array, choice: ZeroDivision) {
  const totals = new Float64Array(5);
  const counts = new Float64Array(5);
  const full = fullSampleOf(sums);
  const classCount = sums.length / STRIDE;
  const fullTerms = fullSampleMemo(sums, "distance.classTerms", (full, oneLeftOut) =>
    oneLeftOut ? new FullSampleTerms(classCount, 5, (j, out) => fullClassTerms(full, STRIDE * j, choice, out)) : undefined,
  );
  const changed = fullTerms && leftOutEntries(sums);
  if (fullTerms && changed) {
    // One document left out (a jackknife): only the classes it touches are computed.
    const classOf = (entry: number) => Math.floor(entry / STRIDE);
    fullTerms.sumWith(itemsOf(changed, classOf), totals, counts, (j) => addClass(sums, full, STRIDE * j, choice, totals, counts));
  } else for (let base = 0; base < sums.length; base += STRIDE) addClass(sums, full, base, choice, totals, counts);
  return {
    credited: totals[0]!,
    precisionDenominator: totals[1]!,
    recallDenominator: totals[2]!,
    sumP: totals[3]!,
    sumR: totals[4]!,
    classes: counts[0]!,
    classesP: counts[3]!,
    classesR: counts[4]!,
  };
}

/** Adds the class at `base` to the sums of `classSums`, if it occurs (in the sample, or else in the full sample). */
function addClass(
  sums: Float64Array,
  full: Float64Array | undefined,
  base: number,
  choice: ZeroDivision,
  totals: Float64Array,
  counts: Float64Array,
): void {
  const observed = sums[base + TP]! + sums[base + FP]! + sums[base + FN]! !== 0;
  const from = observed ? sums : full;
  if (from === undefined) return;
  const tp = from[base + TP]!;
  const fp = from[base + FP]!;
  const fn = from[base + FN]!;
  if (tp + fp + fn === 0) return;
  counts[0]! += 1;
  const fpCon = from[base + FP_CON]!;
  const fnCon = from[base + FN_CON]!;
  const a = Math.max(0, tp + fpCon + fnCon);
  const dp = tp + fp + fnCon;
  const dr = tp + fn + fpCon;
  const pj = itemRatio(a, Math.max(dp, 0), choice);
  const rj = itemRatio(a, Math.max(dr, 0), choice);
  if (observed) {
    totals[0]! += a;
    if (dp > 0) totals[1]! += dp;
    if (dr > 0) totals[2]! += dr;
  }
  if (pj !== undefined) {
    totals[3]! += pj;
    counts[3]! += 1;
  }
  if (rj !== undefined) {
    totals[4]! += rj;
    counts[4]! += 1;
  }
}

/**
 * The class at `base`'s terms of the sums of `classSums` in the full sample, into `out`: A_j, D^P_j,
 * D^R_j, Pr_j, Re_j; NaN for a term its sum leaves out (all five when the class does not occur).
 * A_j then counts the class among those that occur.
 */
function fullClassTerms(full: Float64Array, base: number, choice: ZeroDivision, out: Float64Array): void {
  out.fill(NaN);
  const tp = full[base + TP]!;
  const fp = full[base + FP]!;
  const fn = full[base + FN]!;
  if (tp + fp + fn === 0) return;
  const a = Math.max(0, tp + full[base + FP_CON]! + full[base + FN_CON]!);
  const dp = tp + fp + full[base + FN_CON]!;
  const dr = tp + fn + full[base + FP_CON]!;
  out[0] = a;
  if (dp > 0) out[1] = dp;
  if (dr > 0) out[2] = dr;
  out[3] = itemRatio(a, Math.max(dp, 0), choice) ?? NaN;
  out[4] = itemRatio(a, Math.max(dr, 0), choice) ?? NaN;
}
