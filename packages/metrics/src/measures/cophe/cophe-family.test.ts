import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeWithShared, SHARED_DIR } from "../../../test/shared-data.ts";
import { InputError } from "../../errors/input-error.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { copheFamily } from "./cophe-family.ts";
import { countConfusion, descendantCounts, predictionLevelLabels } from "./descendant-counts.ts";

type Counts = { tp: number; fp: number; fn: number; precision?: number; recall?: number; f1?: number };

interface CopheExample {
  taxonomy_edges: [string, string][];
  predicted: string[];
  gold: string[];
  expected: {
    leafOnly: Counts;
    setBased: Record<string, Counts>;
    cophe: Record<string, Counts>;
  };
}

/** Counts exactly; rates to 1e-4, as the example file rounds them to 4 places. */
function expectCounts(got: Counts, want: Counts, where: string): void {
  expect([got.tp, got.fp, got.fn], where).toEqual([want.tp, want.fp, want.fn]);
  for (const rate of ["precision", "recall", "f1"] as const) {
    if (want[rate] !== undefined) expect(Math.abs(got[rate]! - want[rate]), `${where}.${rate}`).toBeLessThanOrEqual(1e-4);
  }
}

describeWithShared("CoPHE worked example (data/cophe-example.json, the paper's Table 1)", "data/cophe-example.json", () => {
  const example = JSON.parse(readFileSync(`${SHARED_DIR}/data/cophe-example.json`, "utf8")) as CopheExample;
  const taxonomy = taxonomyOf(example.taxonomy_edges.map(([parent, child]) => [parent, child] as const));
  const result = scoreWith(copheFamily, taxonomy, [{ gold: example.gold, pred: example.predicted }]) as {
    levels: Record<string, Counts>;
    overall: Counts;
    setBased: { levels: Record<string, Counts>; overall: Counts };
    leafOnly: Counts;
    overallLevels: string[];
  };

  it("reproduces CoPHE per level and overall", () => {
    for (const [key, want] of Object.entries(example.expected.cophe)) {
      expectCounts(key === "overall" ? result.overall : result.levels[key]!, want, `cophe.${key}`);
    }
    expect(Object.keys(result.levels)).toEqual(["e2", "e1", "e0"]);
    expect(result.overallLevels).toEqual(["e2", "e1", "e0"]);
  });

  it("reproduces the set-based twin per level and overall", () => {
    for (const [key, want] of Object.entries(example.expected.setBased)) {
      expectCounts(key === "overall" ? result.setBased.overall : result.setBased.levels[key]!, want, `setBased.${key}`);
    }
  });

  it("reproduces the leaf-only baseline", () => {
    expectCounts(result.leafOnly, example.expected.leafOnly, "leafOnly");
  });
});

describe("CoPHE building blocks", () => {
  // 364 → 364.1 → 364.11, 364 → 364.3
  const taxonomy = taxonomyOf([
    [null, "364"],
    ["364", "364.1"],
    ["364.1", "364.11"],
    ["364", "364.3"],
  ]);
  const id = (name: string) => idsOf(taxonomy, [name])[0]!;

  it("countConfusion: TP = min(x, y), FP = max(x − y, 0), FN = max(y − x, 0)", () => {
    expect(countConfusion(4, 3)).toEqual({ tp: 3, fp: 1, fn: 0 });
    expect(countConfusion(1, 2)).toEqual({ tp: 1, fp: 0, fn: 1 });
    expect(countConfusion(0, 0)).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it("descendantCounts adds each label to itself and its ancestors", () => {
    const counts = descendantCounts(taxonomy, [id("364.11"), id("364.3")]);
    expect(counts).toEqual(
      new Map([
        [id("364.11"), 1],
        [id("364.1"), 1],
        [id("364"), 2],
        [id("364.3"), 1],
      ]),
    );
  });

  it("predictionLevelLabels drops labels written as ancestors of other labels", () => {
    expect(predictionLevelLabels(taxonomy, [id("364"), id("364.1"), id("364.11")])).toEqual([id("364.11")]);
    expect(predictionLevelLabels(taxonomy, [id("364.3"), id("364.11")])).toEqual([id("364.3"), id("364.11")]);
  });

  it("gives the same counts whether ancestors are written out or not (GermEval files write full paths)", () => {
    const leaves = scoreWith(copheFamily, taxonomy, [{ gold: ["364.11"], pred: ["364.11", "364.3"] }]);
    const paths = scoreWith(copheFamily, taxonomy, [{ gold: ["364", "364.1", "364.11"], pred: ["364", "364.1", "364.11", "364.3"] }]);
    expect(paths).toEqual(leaves);
    // 364 holds x = 2 predicted vs y = 1 true: one over-prediction that the set-based twin cannot see.
    expect((leaves as { levels: Record<string, Counts> }).levels.e0).toMatchObject({ tp: 1, fp: 1, fn: 0 });
    expect((leaves as { setBased: { levels: Record<string, Counts> } }).setBased.levels.e0).toMatchObject({ tp: 1, fp: 0, fn: 0 });
  });

  it("sums only the chosen number of levels, counted from the deepest, into overall", () => {
    const result = scoreWith(copheFamily, taxonomy, [{ gold: ["364.11"], pred: ["364.11", "364.3"] }], {
      extra: { cophe: { levels: 2 } },
    }) as {
      overall: Counts;
      overallLevels: string[];
    };
    // e2: 364.11 TP; e1: 364.1 TP, 364.3 FP. e0 (364: TP 1, FP 1) is left out.
    expect(result.overallLevels).toEqual(["e2", "e1"]);
    expect(result.overall).toMatchObject({ tp: 2, fp: 1, fn: 0 });
  });

  it("refuses a number of levels outside 1..maxDepth", () => {
    for (const levels of [0, 4, 1.5, "2"]) {
      expect(() => scoreWith(copheFamily, taxonomy, [{ gold: [], pred: [] }], { extra: { cophe: { levels } } })).toThrow(InputError);
    }
    expect(() => scoreWith(copheFamily, taxonomy, [{ gold: [], pred: [] }], { extra: { cophe: { levels: 4 } } })).toThrow(
      /expected cophe.levels to be an integer from 1 to 3/,
    );
  });

  it("reports empty levels as undefined instead of dividing by zero", () => {
    const result = scoreWith(copheFamily, taxonomy, [{ gold: ["364.3"], pred: ["364.3"] }]) as { undefined: string[]; overall: Counts };
    expect(result.undefined).toContain("levels.e2.precision");
    expect(result.overall).toMatchObject({ tp: 2, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1 });
  });
});
