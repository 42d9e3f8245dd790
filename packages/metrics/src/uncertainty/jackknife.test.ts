// The jackknife's leave-one-out values against a from-scratch reduce of total − s_d, bit for bit,
// for every measure of every family: the jackknife reduces once per pattern, changes only the
// reduced family's statistics, and lets macro averages reuse the full sample's per-label terms.
import { describe, expect, it } from "vitest";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import type { ZeroDivision } from "../scoring/zero-division.ts";
import { withFullSample } from "./full-sample-sums.ts";
import { acceleration, jackknifeAccelerations, jackknifeValues } from "./jackknife.ts";
import { RecordedStatistics, recordEvaluation } from "./recorded-statistics.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { goldFile, goldLeaves, noisyPrediction, uncertaintyTaxonomy } from "./uncertainty-fixture.ts";

/** Document d's leave-one-out measures, reduced from scratch: total − s_d, registered as a resample's sums. */
function fromScratch(recorded: RecordedStatistics, d: number): Record<string, number> {
  const total = recorded.total();
  const loo = total.slice();
  recorded.addDocument(d, loo, -1);
  return withSparseSums(loo, recorded.touched(), () =>
    withFullSample(loo, total, () => flattenMeasures(recorded.accumulator.compute(loo), { keepNaN: true })),
  );
}

describe("jackknifeValues", () => {
  const taxonomy = uncertaintyTaxonomy();
  const leaves = goldLeaves(40, 11);
  const gold = goldFile(taxonomy, leaves);
  const pred = noisyPrediction(taxonomy, leaves, 0.6, 12);

  for (const zeroDivision of [0, 1, "nan"] as ZeroDivision[]) {
    it(`equals a from-scratch reduce of total − s_d for every measure and document (zeroDivision ${zeroDivision})`, () => {
      const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all", zeroDivision });
      const families = new Set(recorded.accumulator.families.map((family) => family.id));
      const computed = flattenMeasures(recorded.accumulator.compute(recorded.total()), { keepNaN: true });
      const keys = Object.keys(computed).filter((key) => families.has(key.split(".")[0]!));
      expect(keys.filter((key) => key.startsWith("flat.macro") || key.startsWith("distance.macro")).length).toBeGreaterThan(0);
      const values = jackknifeValues(
        recorded,
        keys.map((key) => key.split(".")),
      );
      for (let d = 0; d < recorded.documents; d++) {
        const expected = fromScratch(recorded, d);
        keys.forEach((key, k) => expect(Object.is(values[k]![d], expected[key]), `${key}, document ${d}`).toBe(true));
      }
    });
  }

  it("reads rows whose entries are not in layout order, entry by entry", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    // Every other document's row reversed: its count comes last, its families' entries in reverse order.
    const indices = recorded.indices.slice();
    const values = recorded.values.slice();
    for (let d = 1; d < recorded.documents; d += 2) {
      indices.subarray(recorded.starts[d], recorded.starts[d + 1]).reverse();
      values.subarray(recorded.starts[d], recorded.starts[d + 1]).reverse();
    }
    const reversed = new RecordedStatistics(recorded.accumulator, recorded.ids, recorded.starts, indices, values);
    const computed = flattenMeasures(reversed.accumulator.compute(reversed.total()), { keepNaN: true });
    const keys = Object.keys(computed).filter((key) => ["flat", "hc", "distance", "soft"].includes(key.split(".")[0]!));
    const jackknife = jackknifeValues(
      reversed,
      keys.map((key) => key.split(".")),
    );
    for (let d = 0; d < reversed.documents; d++) {
      const expected = fromScratch(reversed, d);
      keys.forEach((key, k) => expect(Object.is(jackknife[k]![d], expected[key]), `${key}, document ${d}`).toBe(true));
    }
  });
});

describe("jackknifeAccelerations", () => {
  const taxonomy = uncertaintyTaxonomy();
  const leaves = goldLeaves(60, 21);
  const gold = goldFile(taxonomy, leaves);
  const pred = noisyPrediction(taxonomy, leaves, 0.5, 22);

  it("is the acceleration of each measure's jackknife values, bit for bit, in a vector it may overwrite", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
    const families = new Set(recorded.accumulator.families.map((family) => family.id));
    const computed = flattenMeasures(recorded.accumulator.compute(recorded.total()), { keepNaN: true });
    const keyParts = Object.keys(computed)
      .filter((key) => families.has(key.split(".")[0]!))
      .map((key) => key.split("."));
    const expected = jackknifeValues(recorded, keyParts).map((column) => acceleration(column));
    expect(expected.some((a) => a !== 0)).toBe(true);
    const sums = new Float64Array(recorded.width).fill(7);
    const accelerations = jackknifeAccelerations(recorded, keyParts, sums);
    expected.forEach((a, k) => expect(Object.is(accelerations[k], a), keyParts[k]!.join(".")).toBe(true));
  });
});
