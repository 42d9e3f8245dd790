// Macro averages keep the label set of their estimate in every resample. The fixture (synthetic,
// built here): a flat taxonomy of one common label and ten rare ones; each rare label occurs in
// exactly one document. Leaving a rare label out of a resample (about 37% of resamples each)
// used to change what the macro average averages over, so the resamples lay on one side of the
// estimate and the intervals excluded it.
import { describe, expect, it } from "vitest";
import { evaluate } from "../engine/evaluate.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import { bootstrapIntervals } from "./bootstrap-intervals.ts";
import { fullSampleMemo, fullSampleOf, withFullSample } from "./full-sample-sums.ts";
import { recordEvaluation } from "./recorded-statistics.ts";

const RARE = Array.from({ length: 10 }, (_, i) => `R${i}`);
const taxonomy = buildTaxonomy(["C", ...RARE].map((child, i) => ({ parent: null, child, line: i + 1 })));
const COMMON_DOCUMENTS = 30;

/** Gold: 30 documents of C, then one document of each rare label. */
const goldLines = [...Array.from({ length: COMMON_DOCUMENTS }, (_, i) => `c${i}\tC`), ...RARE.map((label, i) => `r${i}\t${label}`)];
const gold = parseLabelText(goldLines.join("\n"), { taxonomy, role: "gold" });

function measure(result: Record<string, unknown>, key: string): number {
  let node: unknown = result;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  return node as number;
}

function intervalsOf(predLines: readonly string[], keys: readonly string[]) {
  const pred = parseLabelText(predLines.join("\n"), { taxonomy, role: "prediction" });
  const estimate = evaluate({ taxonomy, gold, pred, metrics: ["flat", "distance"] }) as unknown as Record<string, unknown>;
  const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: ["flat", "distance"] });
  const out = [];
  for (const method of ["bca", "percentile"] as const) {
    const intervals = bootstrapIntervals(recorded, { resamples: 400, seed: 3, measures: keys, method });
    for (const key of keys) out.push({ key, method, value: measure(estimate, key), ...intervals[key]! });
  }
  return out;
}

describe("a macro average keeps its estimate's label set in every resample", () => {
  it("flat macro precision: a rare label predicted once, correctly, keeps precision 1 in a resample without it", () => {
    // Every document predicted right: each label's precision is 1, the macro precision 11/11.
    const lines = goldLines;
    for (const row of intervalsOf(lines, ["flat.macro.precision", "flat.macro.f1"])) {
      expect(row.value, `${row.key} (${row.method})`).toBe(1);
      expect(row, `${row.key} (${row.method})`).toMatchObject({ low: 1, high: 1 });
      expect(row.excludesEstimate).toBeUndefined();
    }
  });

  it("distance macro recall: a class missed in its only document stays in the average of a resample without it", () => {
    // The common documents right, every rare one predicted as C: the rare classes have recall 0.
    const lines = [...goldLines.slice(0, COMMON_DOCUMENTS), ...RARE.map((_, i) => `r${i}\tC`)];
    const rows = intervalsOf(lines, ["distance.macro.recall"]);
    for (const row of rows) {
      expect(row.value).toBeLessThan(0.5);
      expect(row.low, `${row.method}: ${row.value} in [${row.low}, ${row.high}]`).toBeLessThanOrEqual(row.value);
      expect(row.high, `${row.method}: ${row.value} in [${row.low}, ${row.high}]`).toBeGreaterThanOrEqual(row.value);
      expect(row.excludesEstimate).toBeUndefined();
    }
  });

  it("reads the full sample at the place of a view, in every vector of a batch, and only inside the run", () => {
    const full = Float64Array.from([1, 2, 3, 4]);
    const sums = new Float64Array(12);
    const seen = withFullSample(sums, full, () => [
      fullSampleOf(sums.subarray(1, 3)),
      fullSampleOf(sums.subarray(9, 12)),
      fullSampleOf(sums.subarray(3, 5)),
      fullSampleOf(new Float64Array(2)),
    ]);
    expect(seen.map((v) => (v ? [...v] : v))).toEqual([[2, 3], [2, 3, 4], undefined, undefined]);
    expect(fullSampleOf(sums.subarray(1, 3))).toBeUndefined();
  });

  it("keeps a value derived from the full sample once per key and place, shared by the batch's vectors, for the run only", () => {
    const full = Float64Array.from([1, 2, 3, 4]);
    const sums = new Float64Array(8);
    const made: number[][] = [];
    const make = (at: Float64Array) => {
      made.push([...at]);
      return { sum: at.reduce((a, b) => a + b, 0) };
    };
    const seen = withFullSample(sums, full, () => [
      fullSampleMemo(sums.subarray(1, 3), "k", make),
      fullSampleMemo(sums.subarray(5, 7), "k", make),
      fullSampleMemo(sums.subarray(2, 4), "k", make),
      fullSampleMemo(sums.subarray(1, 3), "other", make),
      fullSampleMemo(new Float64Array(2), "k", make),
    ]);
    expect(seen).toEqual([{ sum: 5 }, { sum: 5 }, { sum: 7 }, { sum: 5 }, undefined]);
    expect(seen[0]).toBe(seen[1]);
    expect(made).toEqual([
      [2, 3],
      [3, 4],
      [2, 3],
    ]);
    expect(withFullSample(sums, full, () => fullSampleMemo(sums.subarray(1, 3), "k", make))).not.toBe(seen[0]);
    expect(fullSampleMemo(sums.subarray(1, 3), "k", make)).toBeUndefined();
  });
});
