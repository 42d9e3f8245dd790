import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import { undefinedMeasuresOf, zeroDivisionOf } from "../../scoring/zero-division.ts";
import { FLAT_MEASURES } from "./flat-measures.ts";
import { FLAT_GLOSSARY } from "./flat-glossary.ts";
import { flatMacroSums } from "./flat-macro-sums.ts";
import { FLAT_LABEL_HEAD, FLAT_SLOTS } from "./flat-slots.ts";

export { FLAT_LABEL_HEAD } from "./flat-slots.ts";

const SLOTS = FLAT_SLOTS;
const { tp: TP, fp: FP, fn: FN, exact: EXACT, wrong: WRONG } = SLOTS.at;
const HEAD = FLAT_LABEL_HEAD;

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
    const macro = flatMacroSums(sums, size, choice);
    const nan = choice === "nan";
    return {
      micro: { tp, fp, fn, precision, recall, f1 },
      macro: {
        precision: safeRatio(macro.precision, nan ? macro.definedP : size, "macro.precision", undefinedMeasures),
        recall: safeRatio(macro.recall, nan ? macro.definedR : size, "macro.recall", undefinedMeasures),
        f1: safeRatio(macro.f1, nan ? macro.definedF : size, "macro.f1", undefinedMeasures),
        labels: size,
      },
      subsetAccuracy: safeRatio(sums[EXACT]!, documents, "subsetAccuracy", undefinedMeasures),
      hammingLoss: safeRatio(sums[WRONG]!, documents * size, "hammingLoss", undefinedMeasures),
      undefined: undefinedMeasures.names,
    };
  },
});
