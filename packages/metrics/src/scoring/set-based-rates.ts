import { safeRatio, type StatSink, type UndefinedMeasures } from "./measure-family.ts";
import { fBetaOfCounts, perDocumentRates } from "./per-document-rates.ts";
import type { ScoringContext } from "./scoring-context.ts";
import { statisticSlots } from "./statistic-slots.ts";
import { zeroDivisionOf } from "./zero-division.ts";

/** Σ|G ∩ P|, Σ|P| and Σ|G|, then the per-document rates of `perDocumentRates`. */
const SLOTS = statisticSlots("tp", "predicted", "gold");
const { tp: TP, predicted: PREDICTED, gold: GOLD } = SLOTS.at;

/** Micro and macro precision, recall and F of augmented label sets, from `setBasedRates`. */
export interface SetBasedRates {
  readonly tp: number;
  readonly predicted: number;
  readonly gold: number;
  /** Σ|G ∩ P| / Σ|P|. */
  readonly precision: number;
  /** Σ|G ∩ P| / Σ|G|. */
  readonly recall: number;
  /** 2·Σ|G ∩ P| / (Σ|G| + Σ|P|). */
  readonly f1: number;
  /** Means over documents of each document's precision, recall and F (Fβ of the β counted with). */
  readonly macro: { readonly precision: number; readonly recall: number; readonly f: number };
}

/**
 * The statistics and measures every set-based family shares once it has a document's
 * augmented gold set G and predicted set P (the `hierarchical` family's ancestors or
 * descendants, the `lca` family's LCA graphs): micro P = Σ|G ∩ P| / Σ|P|, R = Σ|G ∩ P| / Σ|G|,
 * F1 = 2·Σ|G ∩ P| / (Σ|G| + Σ|P|) (`fBetaOfCounts`), and the macro means of the per-document
 * P, R and Fβ (`perDocumentRates`), an undefined per-document value counting as the
 * zero-division value (left out of the mean under "nan").
 *
 * @example
 * // two documents: |G ∩ P| = 1, |P| = 2, |G| = 1, then |G ∩ P| = 1, |P| = 1, |G| = 1
 * setBasedRates.count(sink, 1, 2, 1, 1, ctx); setBasedRates.count(sink, 1, 1, 1, 1, ctx);
 * setBasedRates.reduce(sums, 2, ctx, u, "f1"); // precision 2/3, recall 1, f1 0.8, macro.precision 0.75
 */
export const setBasedRates = {
  slots: SLOTS,

  width(ctx: ScoringContext): number {
    return SLOTS.width + perDocumentRates.width(zeroDivisionOf(ctx));
  },

  /** Adds one document's |G ∩ P|, |P| and |G|, and its P, R and Fβ. */
  count(sink: StatSink, tp: number, predicted: number, gold: number, beta: number, ctx: ScoringContext): void {
    sink.add(TP, tp);
    sink.add(PREDICTED, predicted);
    sink.add(GOLD, gold);
    perDocumentRates.count(sink, SLOTS.width, tp, predicted, gold, beta, zeroDivisionOf(ctx));
  },

  /** The rates of the summed statistics; `macroF` names the macro F in `undefinedMeasures` (`macro.<macroF>`). */
  reduce(sums: Float64Array, documents: number, ctx: ScoringContext, u: UndefinedMeasures, macroF: "f1" | "fBeta"): SetBasedRates {
    const tp = sums[TP]!;
    const predicted = sums[PREDICTED]!;
    const gold = sums[GOLD]!;
    // In this order, so `undefined` lists the measures as it always has: micro P and R, the means, then F.
    const precision = safeRatio(tp, predicted, "precision", u);
    const recall = safeRatio(tp, gold, "recall", u);
    const [p, r, f] = perDocumentRates.reduce(
      sums,
      SLOTS.width,
      documents,
      zeroDivisionOf(ctx),
      ["macro.precision", "macro.recall", `macro.${macroF}`],
      u,
    );
    const f1 = fBetaOfCounts(tp, gold, predicted, 1, "f1", u);
    return { tp, predicted, gold, precision, recall, f1, macro: { precision: p, recall: r, f } };
  },
};
