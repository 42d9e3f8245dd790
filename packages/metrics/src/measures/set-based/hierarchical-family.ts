import type { MeasureFamily } from "../../scoring/measure-family.ts";
import { safeRatio } from "../../scoring/measure-family.ts";
import type { PreparedDocument } from "../../scoring/prepared-document.ts";
import { descendantOverlap, setAugmentation, type SetOverlap } from "./descendant-augmentation.ts";

const TP = 0;
const PREDICTED = 1;
const GOLD = 2;
const SUM_P = 3;
const SUM_R = 4;
const SUM_F = 5;

/** Fβ from precision and recall; 0 when both are 0. */
export function fBeta(precision: number, recall: number, beta: number): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((1 + b2) * precision * recall) / denominator;
}

/**
 * Set-based hierarchical precision, recall and Fβ with ancestor augmentation
 * (Kiritchenko et al.; "A survey of hierarchical classification across
 * different application domains", and the measure review of paper 004):
 * Ĝ and P̂ are the gold and predicted labels plus all their ancestors (the
 * root excluded).
 *
 * - micro: hP = Σ|Ĝ∩P̂| / Σ|P̂|, hR = Σ|Ĝ∩P̂| / Σ|Ĝ|, hFβ = (β²+1)·hP·hR / (β²·hP + hR)
 * - macro (per document): the means over documents of each document's hP,
 *   hR and hFβ, an undefined per-document value counting as 0.
 *
 * With `extra.setBased = { augment: "descendants" }`, Ĝ and P̂ are instead the
 * labels plus all their descendants (Ipeirotis et al., see `descendantOverlap`).
 */
export const hierarchicalFamily: MeasureFamily = {
  id: "hierarchical",
  width: () => 6,
  count(doc, ctx, sink) {
    const { tp, predicted, gold } =
      setAugmentation(ctx) === "descendants" ? descendantOverlap(ctx.taxonomy, doc.goldLabels, doc.predictedLabels) : ancestorOverlap(doc);
    const p = predicted === 0 ? 0 : tp / predicted;
    const r = gold === 0 ? 0 : tp / gold;
    sink.add(TP, tp);
    sink.add(PREDICTED, predicted);
    sink.add(GOLD, gold);
    sink.add(SUM_P, p);
    sink.add(SUM_R, r);
    sink.add(SUM_F, fBeta(p, r, ctx.options.beta));
  },
  reduce(sums, documents, ctx) {
    const u: string[] = [];
    const beta = ctx.options.beta;
    const tp = sums[TP]!;
    const precision = safeRatio(tp, sums[PREDICTED]!, "precision", u);
    const recall = safeRatio(tp, sums[GOLD]!, "recall", u);
    const f = fBeta(precision, recall, beta);
    const macro = {
      precision: safeRatio(sums[SUM_P]!, documents, "macro.precision", u),
      recall: safeRatio(sums[SUM_R]!, documents, "macro.recall", u),
      f: documents === 0 ? 0 : sums[SUM_F]! / documents,
    };
    return {
      precision,
      recall,
      f1: fBeta(precision, recall, 1),
      beta,
      fBeta: f,
      tp,
      predicted: sums[PREDICTED]!,
      gold: sums[GOLD]!,
      macro: { precision: macro.precision, recall: macro.recall, fBeta: macro.f },
      // Named only when not the default, so the default result stays exactly as before.
      ...(setAugmentation(ctx) === "descendants" ? { augment: "descendants" } : {}),
      undefined: u,
    };
  },
};

/** |Ĝ ∩ P̂|, |P̂| and |Ĝ| of the ancestor-augmented sets (the root excluded). */
function ancestorOverlap(doc: PreparedDocument): SetOverlap {
  const gold = doc.goldClosure;
  const predicted = doc.predictedClosure;
  let tp = 0;
  for (const node of predicted) if (gold.has(node)) tp += 1;
  return { tp, predicted: predicted.size, gold: gold.size };
}
