import { describe, expect, it } from "vitest";
import { evaluate } from "../scoring/evaluate.ts";
import { recordEvaluation } from "./recorded-statistics.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

describe("recordEvaluation", () => {
  const taxonomy = uncertaintyTaxonomy();
  const leaves = goldLeaves(40, 3);
  const gold = goldFile(taxonomy, leaves);
  const pred = noisyPrediction(taxonomy, leaves, 0.6, 4);

  it("reduces its total to exactly what evaluate computes", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const { warnings, ...expected } = evaluate({ taxonomy, gold, pred, metrics: "all" });
    expect(warnings).toEqual([]);
    expect(recorded.documents).toBe(40);
    expect(recorded.accumulator.compute(recorded.total())).toEqual(expected);
  });

  it("restricted to one family, reduces that family's result", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred });
    const hc = recorded.restrict("hc");
    expect(hc.accumulator.compute(hc.total())).toEqual({ documents: 40, hc: evaluate({ taxonomy, gold, pred }).hc });
    expect(() => recorded.restrict("nope")).toThrow(/got family "nope"/);
  });
});
