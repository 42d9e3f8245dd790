import { describe, expect, it } from "vitest";
import { recordEvaluation } from "./recorded-statistics.ts";
import { tiedGroups } from "./tied-groups.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

const taxonomy = uncertaintyTaxonomy();
const leaves = goldLeaves(120, 31);
const gold = goldFile(taxonomy, leaves);
const record = (accuracy: number, seed: number) =>
  recordEvaluation({ taxonomy, gold, pred: noisyPrediction(taxonomy, leaves, accuracy, seed) });

describe("tiedGroups", () => {
  it("groups neighbours that do not differ significantly (the TSDoc example)", () => {
    const submissions = [
      { name: "C", statistics: record(0.2, 9) },
      { name: "A", statistics: record(1, 7) },
      { name: "B", statistics: record(1, 8) },
    ];
    const result = tiedGroups(submissions, "hc.f1", { alpha: 0.05, resamples: 300 });
    expect(result.groups).toEqual([["A", "B"], ["C"]]);
    expect(result.ranking.map((r) => [r.name, r.group])).toEqual([
      ["A", 1],
      ["B", 1],
      ["C", 2],
    ]);
    expect(result.comparisons[0]).toMatchObject({ better: "A", worse: "B", difference: 0, pValue: 1, tied: true });
    expect(result.comparisons[1]).toMatchObject({ better: "B", worse: "C", tied: false });
  });

  it("orders a lower-is-better measure ascending", () => {
    const submissions = [
      { name: "poor", statistics: record(0.2, 9) },
      { name: "good", statistics: record(0.95, 7) },
    ];
    expect(tiedGroups(submissions, "flat.hammingLoss", { resamples: 200 }).ranking.map((r) => r.name)).toEqual(["good", "poor"]);
  });

  it("refuses alpha outside (0, 1)", () => {
    expect(() => tiedGroups([], "hc.f1", { alpha: 0 })).toThrow("expected a significance level alpha in (0, 1), got 0");
  });
});
