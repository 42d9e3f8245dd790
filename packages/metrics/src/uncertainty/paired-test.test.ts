import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { MEASURE_FAMILIES } from "../engine/measure-families.ts";
import { MEASURE_REGISTRY } from "../engine/measure-registry.ts";
import { pairedTest, pairedTests } from "./paired-test.ts";
import { recordEvaluation, type RecordedStatistics } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { seededCoinFlip, seededCoinFlips, seededRandom } from "./seeded-random.ts";
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

/**
 * Approximate randomisation written out the long way, as the papers state it: every resample
 * swaps each document's two statistic vectors with probability ½ (the i-th draw of
 * `seededRandom(seed)` for document i), rebuilds both totals document by document, and
 * compares |δ*| with |δ|.
 */
function naiveRandomizationPValue(a: RecordedStatistics, b: RecordedStatistics, measure: string, resamples: number, seed: number): number {
  const family = measure.split(".")[0]!;
  const x = a.restrict(family);
  const y = b.restrict(family);
  const value = (sums: Float64Array) => measureValue(x.accumulator.compute(sums), measure);
  const delta = value(x.total()) - value(y.total());
  const random = seededRandom(seed);
  let extreme = 0;
  for (let r = 0; r < resamples; r++) {
    const sumsA = new Float64Array(x.width);
    const sumsB = new Float64Array(x.width);
    for (let d = 0; d < x.documents; d++) {
      const swap = random() >= 0.5;
      (swap ? y : x).addDocument(d, sumsA);
      (swap ? x : y).addDocument(d, sumsB);
    }
    if (Math.abs(value(sumsA) - value(sumsB)) >= Math.abs(delta) - 1e-12 * Math.max(1, Math.abs(delta))) extreme += 1;
  }
  return (extreme + 1) / (resamples + 1);
}

describe("pairedTests", () => {
  const all = MEASURE_FAMILIES.map((family) => family.id);
  const a = recordEvaluation({ taxonomy, gold, pred: noisyPrediction(taxonomy, leaves, 0.75, 11), metrics: all });
  const b = recordEvaluation({ taxonomy, gold, pred: noisyPrediction(taxonomy, leaves, 0.7, 12), metrics: all });
  const measures = MEASURE_REGISTRY.map((m) => m.key).filter((key) => !Number.isNaN(measureValue(a.accumulator.compute(a.total()), key)));

  it("gives every measure of every family the p-value of the test written out document by document", () => {
    expect(measures.length).toBeGreaterThan(40);
    const tests = pairedTests(a, b, measures, { resamples: 60, seed: 7 });
    const differing = tests.filter((test) => test.pValue < 1);
    expect(differing.length).toBeGreaterThan(10); // the fixture separates the two on many measures
    for (const test of tests) expect(test.pValue, test.measure).toBe(naiveRandomizationPValue(a, b, test.measure, 60, 7));
  });

  it("equals one pairedTest per measure, with either method", () => {
    const some = ["hc.f1", "flat.micro.f1", "flat.macro.f1", "hierarchical.f1", "lca.f1"];
    for (const method of ["bootstrap", "randomization"] as const) {
      const options = { method, resamples: 200, seed: 3 };
      expect(pairedTests(a, b, some, options)).toEqual(some.map((measure) => pairedTest(a, b, measure, options)));
    }
  });
});

describe("seededCoinFlip", () => {
  it("flips the index-th draw exactly as seededRandom() < 0.5 ? 0 : 1 (property)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 2000 }), (seed, length) => {
        const random = seededRandom(seed);
        for (let i = 0; i < length; i++) expect(seededCoinFlip(seed, i)).toBe(random() < 0.5 ? 0 : 1);
      }),
      { numRuns: 40 },
    );
  });

  it("flips strided draws in a block exactly as one at a time (seededCoinFlips, property)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 8 }), (seed, index, stride, count) => {
        const out = new Int32Array(count + 2).fill(7);
        seededCoinFlips(seed, index, stride, out, 1, count);
        expect(out[0]).toBe(7);
        expect(out[count + 1]).toBe(7);
        for (let b = 0; b < count; b++) expect(out[1 + b]).toBe(seededCoinFlip(seed, index + b * stride));
      }),
      { numRuns: 200 },
    );
  });

  it("is exact past 2³² draws' worth of state (the index wraps as the state does)", () => {
    // State after k draws is seed + k · 0x6d2b79f5 mod 2³²: draw 2³² − 1 and draw −1 (mod 2³²) agree.
    expect(seededCoinFlip(5, 2 ** 32 - 1)).toBe(seededCoinFlip(5, -1));
  });
});
