import { describe, expect, it } from "vitest";
import { evaluate, evaluateRecorded } from "../engine/evaluate.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import { selectFamilies } from "../engine/measure-families.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import { bootstrapIntervals } from "./bootstrap-intervals.ts";
import { recordEvaluation, recordStatistics } from "./recorded-statistics.ts";
import { RESAMPLE_BATCH } from "./batched-sums.ts";
import { listedCounts } from "./seeded-random.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

describe("recordEvaluation", () => {
  const taxonomy = uncertaintyTaxonomy();
  const leaves = goldLeaves(40, 3);
  const gold = goldFile(taxonomy, leaves);
  const pred = noisyPrediction(taxonomy, leaves, 0.6, 4);

  it("reduces its total to exactly what evaluate computes", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const { warnings, options, ...expected } = evaluate({ taxonomy, gold, pred, metrics: "all" });
    expect(warnings).toEqual([]);
    expect(options).toEqual({ zeroDivision: 0 });
    expect(recorded.documents).toBe(40);
    expect(recorded.accumulator.compute(recorded.total())).toEqual(expected);
  });

  it("records past a chunk's 65,536 entries, and again from pooled chunks, the same entries", () => {
    const many = goldLeaves(3000, 8);
    const big = { taxonomy, gold: goldFile(taxonomy, many), pred: noisyPrediction(taxonomy, many, 0.5, 9), metrics: "all" as const };
    const first = recordEvaluation(big);
    expect(first.indices.length).toBeGreaterThan(65_536);
    const { warnings, options, ...expected } = evaluate(big);
    expect(first.accumulator.compute(first.total())).toStrictEqual(expected);
    const again = recordEvaluation(big);
    expect(again.indices).toEqual(first.indices);
    expect(again.values).toEqual(first.values);
    expect(again.starts).toEqual(first.starts);
  });

  it("shares one total with readers, which the bootstrap and the jackknife leave as it was", () => {
    const { recorded } = evaluateRecorded({ taxonomy, gold, pred, metrics: "all" });
    const shared = recorded.sharedTotal();
    const before = shared.slice();
    expect(recorded.sharedTotal()).toBe(shared);
    expect(recorded.total()).not.toBe(shared);
    expect(recorded.total()).toEqual(shared);
    bootstrapIntervals(recorded, { resamples: 30, seed: 4 });
    expect(recorded.sharedTotal()).toStrictEqual(before);
  });

  it("evaluateRecorded counts once what evaluate and recordEvaluation count twice, to the bit", () => {
    const familySeconds: Record<string, number> = {};
    const { evaluation, recorded } = evaluateRecorded({ taxonomy, gold, pred, metrics: "all" }, { familySeconds });
    // Numbers compare with Object.is (−0 is not 0, NaN equals NaN): the same values, not just close ones.
    expect(evaluation).toStrictEqual(evaluate({ taxonomy, gold, pred, metrics: "all" }));
    const separate = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    expect([...recorded.starts]).toEqual([...separate.starts]);
    expect([...recorded.indices]).toEqual([...separate.indices]);
    expect([...recorded.values]).toEqual([...separate.values]);
    expect(Object.keys(familySeconds).sort()).toEqual(recorded.accumulator.families.map((f) => f.id).sort());
    expect(Object.values(familySeconds).every((s) => s >= 0)).toBe(true);
  });

  it("restricted to one family, reduces that family's result", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred });
    const hc = recorded.restrict("hc");
    expect(hc.accumulator.compute(hc.total())).toEqual({ documents: 40, hc: evaluate({ taxonomy, gold, pred }).hc });
    expect(() => recorded.restrict("nope")).toThrow(/got family "nope"/);
    const two = recorded.restrict(["hierarchical", "flat"]);
    const { flat, hierarchical } = evaluate({ taxonomy, gold, pred });
    expect(two.accumulator.compute(two.total())).toEqual({ documents: 40, flat, hierarchical });
  });

  it("sums its total as adding every document in turn does, and touches the statistics of its entries", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const byDocument = new Float64Array(recorded.width);
    for (let d = 0; d < recorded.documents; d++) recorded.addDocument(d, byDocument);
    expect(recorded.total()).toStrictEqual(byDocument);
    expect([...recorded.touched()]).toEqual([...new Set(recorded.indices)].sort((a, b) => a - b));
  });

  it("restricted after its total is summed, moves that total bit for bit, and hands out copies", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const summedFirst = recorded.total();
    summedFirst.fill(-0.125);
    expect(recorded.total()).not.toContain(-0.125);
    const moved = recorded.restrict(["soft", "flat"]);
    const fresh = recordEvaluation({ taxonomy, gold, pred, metrics: "all" }).restrict(["soft", "flat"]);
    expect(moved.total()).toStrictEqual(fresh.total());
  });

  it("sums drawn resamples of some families in its own layout, bit for bit as the recording restricted to them", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const ids = ["hc", "distance", "soft"];
    const selected = ids.map((id) => recorded.accumulator.families.findIndex((f) => f.id === id));
    const restricted = recorded.restrict(ids);
    const n = recorded.documents;
    const draws = Int32Array.from({ length: n * RESAMPLE_BATCH }, (_, i) => (i * 7919 + (i >> 3)) % n);
    const { offsets, families, ctx } = recorded.accumulator;
    const perLevel = families.findIndex((f) => f.id === "perLevel");
    // a family left out is not written: its range keeps what the vector held
    const wide = new Float64Array(recorded.width).fill(-0.5, offsets[perLevel]!, offsets[perLevel]! + families[perLevel]!.width(ctx));
    const narrow = new Float64Array(restricted.width);
    const seen: [Float64Array, Float64Array][] = [];
    recorded.drawnSums(listedCounts(draws), RESAMPLE_BATCH, wide, () => seen.push([wide.slice(), new Float64Array(0)]), selected);
    restricted.drawnSums(listedCounts(draws), RESAMPLE_BATCH, narrow, (b) => (seen[b]![1] = narrow.slice()));
    expect(seen).toHaveLength(RESAMPLE_BATCH);
    for (const [ownLayout, restrictedLayout] of seen) {
      expect(ownLayout[0]).toBe(n);
      expect(restrictedLayout[0]).toBe(n);
      selected.forEach((f, k) => {
        const width = families[f]!.width(ctx);
        const own = ownLayout.subarray(offsets[f]!, offsets[f]! + width);
        const from = restricted.accumulator.offsets[k]!;
        expect([...own]).toStrictEqual([...restrictedLayout.subarray(from, from + width)]);
      });
      expect(ownLayout.subarray(offsets[perLevel]!, offsets[perLevel]! + families[perLevel]!.width(ctx)).every((v) => v === -0.5)).toBe(
        true,
      );
    }
  });
});

describe("RecordedStatistics.weightedSum", () => {
  it("equals adding each document its weight's times, with repeated documents merged (property)", async () => {
    const fc = (await import("fast-check")).default;
    const taxonomy = uncertaintyTaxonomy();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 30, maxLength: 30 }),
        (n, seed, w) => {
          // few distinct leaves and a perfect prediction, so many documents share their statistics
          const leaves = goldLeaves(n, seed).map((leaf) => (leaf < "B" ? "A1" : leaf));
          const recorded = recordEvaluation({
            taxonomy,
            gold: goldFile(taxonomy, leaves),
            pred: noisyPrediction(taxonomy, leaves, 0.5, seed),
            metrics: "all",
          });
          const weights = w.slice(0, n);
          const expected = new Float64Array(recorded.width);
          weights.forEach((weight, d) => recorded.addDocument(d, expected, weight));
          const actual = new Float64Array(recorded.width);
          recorded.weightedSum(weights, actual);
          expect(largestDifference(actual, expected)).toBeLessThan(1e-9);
          recorded.weightedSum(
            weights.map(() => 1),
            actual,
          );
          expect(largestDifference(actual, recorded.total())).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("recordStatistics", () => {
  it("reduces to update + compute (the TSDoc example)", () => {
    const taxonomy = uncertaintyTaxonomy();
    const leaves = goldLeaves(25, 5);
    const gold = goldFile(taxonomy, leaves);
    const pred = noisyPrediction(taxonomy, leaves, 0.5, 6);
    const ctx = scoringContext(taxonomy);
    const families = selectFamilies(undefined);
    const recorded = recordStatistics(new ScoreAccumulator(ctx, families), prepareDocuments(ctx, gold, pred));
    const direct = new ScoreAccumulator(ctx, families).update(prepareDocuments(ctx, gold, pred));
    expect(recorded.accumulator.compute(recorded.total())).toEqual(direct.compute());
  });
});

function largestDifference(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
  return largest;
}
