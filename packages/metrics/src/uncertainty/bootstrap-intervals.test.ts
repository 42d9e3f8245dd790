import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { evaluate } from "../engine/evaluate.ts";
import type { FamilyResult } from "../scoring/measure-family.ts";
import { bootstrapIntervals } from "./bootstrap-intervals.ts";
import { recordEvaluation } from "./recorded-statistics.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

const taxonomy = uncertaintyTaxonomy();
const leaves = goldLeaves(60, 11);
const gold = goldFile(taxonomy, leaves);
const pred = noisyPrediction(taxonomy, leaves, 0.7, 12);
const recorded = recordEvaluation({ taxonomy, gold, pred });

describe("bootstrapIntervals", () => {
  it("is reproducible for a fixed seed (the TSDoc example) and covers the point estimate", () => {
    const a = bootstrapIntervals(recorded, { resamples: 300, seed: 1 });
    expect(bootstrapIntervals(recorded, { resamples: 300, seed: 1 })).toEqual(a);
    expect(bootstrapIntervals(recorded, { resamples: 300, seed: 2 })).not.toEqual(a);
    const f1 = (evaluate({ taxonomy, gold, pred }).hc as FamilyResult).f1 as number;
    expect(a["hc.f1"]!.low).toBeLessThan(f1);
    expect(a["hc.f1"]!.high).toBeGreaterThan(f1);
    // every registered measure of the evaluation gets an interval, counts do not
    expect(Object.keys(a)).toContain("flat.micro.f1");
    expect(Object.keys(a)).toContain("hierarchical.f1");
    expect(Object.keys(a)).not.toContain("flat.micro.tp");
  });

  it("is reproducible for any seed (property)", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const options = { resamples: 20, seed, measures: ["hc.f1", "flat.micro.f1"] };
        expect(bootstrapIntervals(recorded, options)).toEqual(bootstrapIntervals(recorded, options));
      }),
      { numRuns: 30 },
    );
  });

  it("resamples only the families of the requested measures, with the same draws", () => {
    const all = bootstrapIntervals(recorded, { resamples: 200, seed: 9 });
    const some = bootstrapIntervals(recorded, { resamples: 200, seed: 9, measures: ["hc.f1", "hierarchical.recall"] });
    expect(some).toEqual({ "hc.f1": all["hc.f1"], "hierarchical.recall": all["hierarchical.recall"] });
    expect(() => bootstrapIntervals(recorded, { measures: ["hc.nope"] })).toThrow(
      'expected measures of the evaluation such as "hc.f1", got "hc.nope"',
    );
  });

  it("gives a zero-width interval when every document has the same statistics", () => {
    const same = Array.from({ length: 20 }, () => "A1");
    const r = recordEvaluation({ taxonomy, gold: goldFile(taxonomy, same), pred: noisyPrediction(taxonomy, same, 1, 1) });
    expect(bootstrapIntervals(r, { resamples: 50, measures: ["hc.f1"] })).toEqual({ "hc.f1": { low: 1, high: 1 } });
  });

  it("narrows as the confidence level falls", () => {
    const wide = bootstrapIntervals(recorded, { resamples: 400, confidence: 0.99, measures: ["hc.f1"] })["hc.f1"]!;
    const narrow = bootstrapIntervals(recorded, { resamples: 400, confidence: 0.5, measures: ["hc.f1"] })["hc.f1"]!;
    expect(wide.high - wide.low).toBeGreaterThan(narrow.high - narrow.low);
  });

  it("refuses a non-positive number of resamples and a confidence outside (0, 1)", () => {
    for (const resamples of [0, -5, 2.5]) {
      expect(() => bootstrapIntervals(recorded, { resamples })).toThrow(InputError);
      expect(() => bootstrapIntervals(recorded, { resamples })).toThrow(`expected a whole number of resamples ≥ 1, got ${resamples}`);
    }
    expect(() => bootstrapIntervals(recorded, { confidence: 1 })).toThrow("expected a confidence level in (0, 1), got 1");
  });
});
