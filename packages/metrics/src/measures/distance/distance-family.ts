import { defineFamily, safeRatio, type UndefinedMeasures } from "../../scoring/measure-family.ts";
import { undefinedMeasuresOf, zeroDivisionOf } from "../../scoring/zero-division.ts";
import { fBeta } from "../set-based/hierarchical-family.ts";
import { classDistances } from "./class-distances.ts";
import { refinedContributionOf } from "./distance-contribution.ts";
import { type ClosureMarks, closureMarksOf } from "../../scoring/closure-marks.ts";
import { distanceOptions } from "./distance-options.ts";
import { DISTANCE_MEASURES } from "./distance-measures.ts";
import { DISTANCE_GLOSSARY } from "./distance-glossary.ts";
import { distanceClassSums, PER_CLASS } from "./distance-class-sums.ts";

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
    const { credited, precisionDenominator, recallDenominator, sumP, sumR, classes, classesP, classesR } = distanceClassSums(
      sums,
      zeroDivisionOf(ctx),
    );
    const microPrecision = safeRatio(credited, precisionDenominator, "micro.precision", u);
    const microRecall = safeRatio(credited, recallDenominator, "micro.recall", u);
    const micro = withF(MICRO, microPrecision, microRecall, precisionDenominator === 0 || recallDenominator === 0, beta, u);
    const macroPrecision = safeRatio(sumP, classesP, "macro.precision", u);
    const macroRecall = safeRatio(sumR, classesR, "macro.recall", u);
    const macroF = withF(MACRO, macroPrecision, macroRecall, classesP === 0 || classesR === 0, beta, u);
    return {
      micro,
      macro: { precision: macroF.precision, recall: macroF.recall, f1: macroF.f1, fBeta: macroF.fBeta, classes },
      beta,
      disTheta: options.disTheta,
      weights: options.weights === "constant" ? "constant" : `decay ${options.weights.decay}`,
      labels: options.labels,
      undefined: u.names,
    };
  },
});

const MICRO = { f1: "micro.f1", fBeta: "micro.fBeta" } as const;
const MACRO = { f1: "macro.f1", fBeta: "macro.fBeta" } as const;

/**
 * Precision and recall with their F1 and Fβ. An F built on an undefined precision or recall
 * (`undefinedRate`) is undefined too: it takes the zero-division value and is listed under `names`.
 */
function withF(
  names: { readonly f1: string; readonly fBeta: string },
  precision: number,
  recall: number,
  undefinedRate: boolean,
  beta: number,
  u: UndefinedMeasures,
): { precision: number; recall: number; f1: number; fBeta: number } {
  if (undefinedRate) {
    u.add(names.f1, names.fBeta);
    return { precision, recall, f1: u.value, fBeta: u.value };
  }
  return { precision, recall, f1: fBeta(precision, recall, 1), fBeta: fBeta(precision, recall, beta) };
}
