import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { evaluate } from "../engine/evaluate.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "../uncertainty/uncertainty-fixture.ts";
import { compareSubmissions } from "./compare-submissions.ts";

const taxonomy = uncertaintyTaxonomy();
const leaves = goldLeaves(90, 41);
const gold = goldFile(taxonomy, leaves);
const preds = [
  { name: "poor", file: noisyPrediction(taxonomy, leaves, 0.3, 1) },
  { name: "best", file: noisyPrediction(taxonomy, leaves, 1, 2) },
  { name: "good", file: noisyPrediction(taxonomy, leaves, 0.8, 3) },
];

describe("compareSubmissions", () => {
  const comparison = compareSubmissions({
    taxonomy,
    gold,
    preds,
    measures: ["hc.f1", "flat.micro.f1", "hierarchical.f1", "flat.hammingLoss"],
    bootstrap: 200,
    seed: 3,
  });

  it("puts each measure's values and ranks side by side (the TSDoc example)", () => {
    expect(comparison.submissions).toEqual(["poor", "best", "good"]);
    const hc = comparison.measures.find((m) => m.key === "hc.f1")!;
    const expected = preds.map((p) => flattenMeasures(evaluate({ taxonomy, gold, pred: p.file }))["hc.f1"]);
    expect(hc.values).toEqual(expected);
    expect(hc.ranks).toEqual([3, 1, 2]);
    // Hamming loss is lower-is-better, so the best submission still ranks 1
    expect(comparison.measures.find((m) => m.key === "flat.hammingLoss")!.ranks).toEqual([3, 1, 2]);
  });

  it("gives τ-b = 1 and C = 1 between measures that rank alike, in their own directions", () => {
    const i = comparison.measures.findIndex((m) => m.key === "hc.f1");
    const j = comparison.measures.findIndex((m) => m.key === "flat.hammingLoss");
    expect(comparison.kendall[i]![i]).toBe(1);
    expect(comparison.kendall[i]![j]).toBe(1);
    expect(comparison.agreement.consistency[i]![j]).toBe(1);
    expect(comparison.agreement.indifference[i]![j]).toBe(0);
    expect(comparison.agreement.discriminancy[i]![j]).toBe(0); // P = Q = 0
  });

  it("separates the three submissions and adds intervals when bootstrap is given", () => {
    expect(comparison.primary).toBe("hc.f1");
    expect(comparison.tiedGroups.groups).toEqual([["best"], ["good"], ["poor"]]);
    expect(Object.keys(comparison.intervals!)).toEqual(["poor", "best", "good"]);
    expect(Object.keys(comparison.intervals!.best!)).toEqual(["hc.f1", "flat.micro.f1", "hierarchical.f1", "flat.hammingLoss"]);
    expect(comparison.warnings).toEqual({ poor: [], best: [], good: [] });
  });

  it("ranks under every registered measure by default, and leaves intervals out without bootstrap", () => {
    const all = compareSubmissions({ taxonomy, gold, preds: preds.slice(0, 2), bootstrap: undefined });
    expect(all.measures.map((m) => m.key)).toContain("hierarchical.macro.fBeta");
    expect(all.measures.map((m) => m.key)).not.toContain("flat.micro.tp");
    expect(all.intervals).toBeUndefined();
  });

  it("refuses an unknown measure, repeated names and no submissions", () => {
    expect(() => compareSubmissions({ taxonomy, gold, preds, primary: "hc.nope" })).toThrow(InputError);
    expect(() => compareSubmissions({ taxonomy, gold, preds, measures: ["nope"] })).toThrow(/expected a measure among .*, got "nope"/);
    expect(() => compareSubmissions({ taxonomy, gold, preds: [preds[0]!, preds[0]!] })).toThrow(
      'expected distinct submission names, got "poor" twice',
    );
    expect(() => compareSubmissions({ taxonomy, gold, preds: [] })).toThrow("expected at least one prediction file to compare, got none");
    expect(() => compareSubmissions({ taxonomy, gold, preds, beta: 0 })).toThrow("expected a beta > 0, got 0");
    expect(() => compareSubmissions({ taxonomy, gold, preds, metrics: ["nope"] })).toThrow(
      /expected a metric family among .* or "all", got "nope"/,
    );
    expect(() => compareSubmissions({ taxonomy, gold, preds, bootstrap: 0 })).toThrow("expected a whole number of resamples ≥ 1, got 0");
    expect(() => compareSubmissions({ taxonomy, gold, preds, extra: { soft: { thresholdStep: 2 } }, metrics: ["soft"] })).toThrow(
      "expected a soft thresholdStep in (0, 1], got 2",
    );
  });
});
