import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import { scoringContext } from "./scoring-context.ts";
import { setBasedRates } from "./set-based-rates.ts";
import { undefinedMeasuresOf } from "./zero-division.ts";

const taxonomy = buildTaxonomy([{ parent: null, child: "a", line: 1 }]);

/** The statistics of documents given as [|G ∩ P|, |P|, |G|], summed as the accumulator does. */
function summed(documents: readonly (readonly [number, number, number])[], zeroDivision: 0 | "nan" = 0) {
  const ctx = scoringContext(taxonomy, { zeroDivision });
  const sums = new Float64Array(setBasedRates.width(ctx));
  const sink = { add: (index: number, value: number) => (sums[index]! += value) };
  for (const [tp, predicted, gold] of documents) setBasedRates.count(sink, tp, predicted, gold, 1, ctx);
  return { ctx, sums };
}

describe("setBasedRates", () => {
  it("gives micro and macro rates (the TSDoc example)", () => {
    const { ctx, sums } = summed([
      [1, 2, 1],
      [1, 1, 1],
    ]);
    const u = undefinedMeasuresOf(ctx);
    const rates = setBasedRates.reduce(sums, 2, ctx, u, "f1");
    expect(rates).toMatchObject({ tp: 2, predicted: 3, gold: 2, recall: 1, f1: 0.8 });
    expect(rates.precision).toBeCloseTo(2 / 3, 15);
    expect(rates.macro.precision).toBe(0.75);
    expect(u.names).toEqual([]);
  });

  it("lists undefined measures in the order micro P and R, the means, then F1, the macro F under its given name", () => {
    const { ctx, sums } = summed([[0, 0, 0]], "nan");
    const u = undefinedMeasuresOf(ctx);
    setBasedRates.reduce(sums, 1, ctx, u, "fBeta");
    expect(u.names).toEqual(["precision", "recall", "macro.precision", "macro.recall", "macro.fBeta", "f1"]);
  });
});
