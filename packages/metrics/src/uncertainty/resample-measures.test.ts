import { describe, expect, it } from "vitest";
import { recordEvaluation } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { ResampleMeasures } from "./resample-measures.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

const taxonomy = uncertaintyTaxonomy();
const leaves = goldLeaves(40, 5);
const recorded = recordEvaluation({ taxonomy, gold: goldFile(taxonomy, leaves), pred: noisyPrediction(taxonomy, leaves, 0.6, 6) });

describe("ResampleMeasures", () => {
  it("reads each measure as the full reduce gives it, afresh after the vector is refilled", () => {
    const keys = ["hc.f1", "flat.micro.f1", "hc.precision", "flat.macro.recall"];
    const sums = new Float64Array(recorded.width);
    const measures = new ResampleMeasures(
      recorded.accumulator,
      sums,
      keys.map((key) => key.split(".")),
    );
    const columns = keys.map(() => new Float64Array(2));
    const weights = Array.from({ length: recorded.documents }, (_, d) => d % 3);
    for (const [at, vector] of [recorded.total(), weightedSum(weights)].entries()) {
      sums.set(vector);
      measures.readInto(columns, at);
      keys.forEach((key, k) => expect(columns[k]![at]).toBe(measureValue(recorded.accumulator.compute(vector), key)));
    }
    // the two vectors differ, so the second read did not reuse the first's results
    expect(columns[0]![1]).not.toBe(columns[0]![0]);
  });
});

function weightedSum(weights: number[]): Float64Array {
  const out = new Float64Array(recorded.width);
  recorded.weightedSum(weights, out);
  return out;
}
