import { describe, expect, it } from "vitest";
import { ancestorConfusion } from "../measures/soft/ancestor-confusion.ts";
import { seededRandom } from "./seeded-random.ts";
import { recordEvaluation } from "./recorded-statistics.ts";
import { sparseSupport, withSparseSums } from "./sparse-sums.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

describe("withSparseSums / sparseSupport", () => {
  it("answers for views of the registered vector only while it runs, as offsets from the range's start", () => {
    const sums = new Float64Array(10);
    const view = sums.subarray(4, 9);
    expect(sparseSupport(view, 0, 5)).toBeUndefined();
    const seen = withSparseSums(sums, Int32Array.of(1, 5, 6, 8, 9), () => [...sparseSupport(view, 1, 5)!]);
    // view index 1 … 4 is sums index 5 … 8: the support there is 5, 6, 8, i.e. offsets 0, 1, 3 from view index 1
    expect(seen).toEqual([0, 1, 3]);
    expect(sparseSupport(view, 0, 5)).toBeUndefined();
  });

  it("does not answer for another vector, nor for a view reaching past the registered one", () => {
    const buffer = new Float64Array(12);
    const sums = buffer.subarray(0, 8);
    const other = new Float64Array(8);
    withSparseSums(sums, Int32Array.of(2), () => {
      expect(sparseSupport(other, 0, 8)).toBeUndefined();
      expect(sparseSupport(buffer.subarray(4, 12), 0, 8)).toBeUndefined();
      expect([...sparseSupport(buffer.subarray(0, 8), 0, 8)!]).toEqual([2]);
    });
  });
});

describe("ancestorConfusion over the entries that may be non-zero", () => {
  it("gives the full scan's values bit for bit on random sparse belief matrices (property)", async () => {
    const fc = (await import("fast-check")).default;
    const taxonomy = uncertaintyTaxonomy();
    const L = taxonomy.size;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 20 }), (seed, entries) => {
        const random = seededRandom(seed);
        const rows = new Float64Array(L);
        const matrix = new Float64Array(L * L);
        const positions = new Set<number>();
        for (let k = 0; k < entries; k++) {
          const i = Math.floor(random() * L);
          const j = Math.floor(random() * L);
          rows[i] = 1 + Math.floor(random() * 3);
          matrix[i * L + j] = random();
          positions.add(i * L + j);
          positions.add(Math.floor(random() * L * L)); // a listed entry may be 0
        }
        const sorted = Int32Array.from(positions).sort();
        expect(ancestorConfusion(taxonomy, rows, matrix, sorted)).toStrictEqual(ancestorConfusion(taxonomy, rows, matrix));
      }),
      { numRuns: 100 },
    );
  });

  it("lets the soft family reduce a bootstrap resample to the same result as a dense vector", () => {
    const taxonomy = uncertaintyTaxonomy();
    const leaves = goldLeaves(60, 3);
    const recorded = recordEvaluation({
      taxonomy,
      gold: goldFile(taxonomy, leaves),
      pred: noisyPrediction(taxonomy, leaves, 0.6, 4),
      metrics: ["soft"],
    });
    const weights = Int32Array.from({ length: recorded.documents }, (_, d) => d % 3);
    const sums = new Float64Array(recorded.width);
    recorded.weightedSum(weights, sums);
    const dense = recorded.accumulator.compute(Float64Array.from(sums));
    const sparse = withSparseSums(sums, recorded.touched(), () => recorded.accumulator.compute(sums));
    expect(sparse).toStrictEqual(dense);
  });
});
