import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { hLossCosts, markedLosses, siblingCosts } from "./hierarchical-loss.ts";
import { H_LOSS_MEASURES } from "./h-loss-measures.ts";
import { H_LOSS_GLOSSARY } from "./h-loss-glossary.ts";

// Sums over documents of each loss.
const SLOTS = statisticSlots("hLoss", "symmetricDifference", "zeroOne");
const { hLoss: H, symmetricDifference: DELTA, zeroOne: ZERO_ONE } = SLOTS.at;

/**
 * The `hLoss` family: per-document means of the H-loss (Cesa-Bianchi et al.,
 * "Incremental algorithms for hierarchical classification"), the symmetric
 * difference loss and the zero-one loss, on ancestor-closed label sets (see
 * `documentLosses`). Lower is better; 0 is a perfect prediction.
 *
 * - hLoss = (1/N) Σ_d l_H(G_d, P_d), with `extra.hLoss.costs` "uniform"
 *   (c_i = 1, the default, as in the review's Eq. 6) or "siblings"
 *   (c_i = c_par(i)/|child(par(i))|, then 0 ≤ l_H ≤ 1);
 * - symmetricDifference = (1/N) Σ_d |G_d Δ P_d|;
 * - zeroOne = (1/N) Σ_d [G_d ≠ P_d].
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred, metrics: ["hLoss"], extra: { hLoss: { costs: "siblings" } } });
 * result.hLoss.hLoss; result.hLoss.symmetricDifference; result.hLoss.zeroOne;
 */
export const hLossFamily = defineFamily({
  id: "hLoss",
  statistics: "reals",
  slots: SLOTS,
  measures: H_LOSS_MEASURES,
  glossary: H_LOSS_GLOSSARY,
  parseOptions: hLossCosts,
  count(doc, ctx, sink, costChoice) {
    const costs = costChoice === "siblings" ? siblingCosts(ctx.taxonomy) : undefined;
    const losses = markedLosses(ctx.taxonomy, doc.closureMarks, costs);
    if (losses.zeroOne === 0) return;
    sink.add(H, losses.hLoss);
    sink.add(DELTA, losses.symmetricDifference);
    sink.add(ZERO_ONE, losses.zeroOne);
  },
  reduce(sums, documents, ctx, costChoice) {
    const u = undefinedMeasuresOf(ctx);
    return {
      hLoss: safeRatio(sums[H]!, documents, "hLoss", u),
      symmetricDifference: safeRatio(sums[DELTA]!, documents, "symmetricDifference", u),
      zeroOne: safeRatio(sums[ZERO_ONE]!, documents, "zeroOne", u),
      costs: costChoice,
      undefined: u.names,
    };
  },
});
