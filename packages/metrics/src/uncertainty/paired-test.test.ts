import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { pairedTest } from "./paired-test.ts";
import { recordEvaluation } from "./recorded-statistics.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

const taxonomy = uncertaintyTaxonomy();
const leaves = goldLeaves(80, 21);
const gold = goldFile(taxonomy, leaves);
const record = (accuracy: number, seed: number) =>
  recordEvaluation({ taxonomy, gold, pred: noisyPrediction(taxonomy, leaves, accuracy, seed) });

describe("pairedTest", () => {
  it("gives p = 1 for a submission against itself, with either method (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        fc.constantFrom("bootstrap" as const, "randomization" as const),
        (accuracy, seed, method) => {
          const a = record(accuracy, seed);
          const test = pairedTest(a, a, "hc.f1", { method, resamples: 50, seed });
          expect(test.difference).toBe(0);
          expect(test.pValue).toBe(1);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("finds a perfect submission better than a poor one, and is reproducible", () => {
    const perfect = record(1, 1);
    const poor = record(0.3, 2);
    for (const method of ["bootstrap", "randomization"] as const) {
      const test = pairedTest(perfect, poor, "hierarchical.f1", { method, resamples: 500, seed: 5 });
      expect(test.a).toBe(1);
      expect(test.difference).toBeGreaterThan(0.3);
      expect(test.pValue).toBe(1 / 501);
      expect(pairedTest(perfect, poor, "hierarchical.f1", { method, resamples: 500, seed: 5 })).toEqual(test);
    }
  });

  it("does not separate two equally good submissions", () => {
    const a = record(0.7, 3);
    const b = record(0.7, 4);
    expect(pairedTest(a, b, "hc.f1", { resamples: 500 }).pValue).toBeGreaterThan(0.05);
  });

  it("refuses an unknown method, an unknown measure and different gold files", () => {
    const a = record(0.7, 3);
    expect(() => pairedTest(a, a, "hc.f1", { method: "t-test" as never })).toThrow(InputError);
    expect(() => pairedTest(a, a, "hc.nope")).toThrow('expected a numeric measure such as "hc.f1", got "hc.nope"');
    expect(() => pairedTest(a, a, "nope.f1")).toThrow(/got family "nope"/);
    const other = recordEvaluation({
      taxonomy,
      gold: goldFile(taxonomy, leaves.slice(1)),
      pred: noisyPrediction(taxonomy, leaves.slice(1), 1, 1),
    });
    expect(() => pairedTest(a, other, "hc.f1")).toThrow(/same gold documents/);
  });
});
