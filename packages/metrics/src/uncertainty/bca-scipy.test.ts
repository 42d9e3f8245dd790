// The BCa interval against scipy.stats.bootstrap(method="BCa"): test/fixtures/bca/make-bca-expected.py
// draws per-document (true positives, predicted labels), runs scipy, and keeps its bootstrap
// distribution; here the same documents become gold and prediction files, the engine's exact
// jackknife gives the acceleration, and the BCa levels on scipy's resample values must give
// scipy's interval.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { bcaLevels } from "./bootstrap-intervals.ts";
import { quantile } from "./quantiles.ts";
import { acceleration, jackknifeValues } from "./jackknife.ts";
import { recordEvaluation } from "./recorded-statistics.ts";
import { normalCdf, normalQuantile } from "./standard-normal.ts";

interface Expected {
  tp: number[];
  pp: number[];
  estimate: number;
  cases: { confidence: number; distribution: number[]; low: number; high: number }[];
  ndtri: Record<string, number>;
  ndtr: Record<string, number>;
}

const expected = JSON.parse(readFileSync(new URL("../../test/fixtures/bca/bca-expected.json", import.meta.url), "utf8")) as Expected;

/** Document d: gold labels R1…R{tp}, predicted R1…R{tp} and W1…W{pp − tp}; its micro precision counts are (tp, pp). */
function filesOf(tp: readonly number[], pp: readonly number[]) {
  const most = Math.max(...pp);
  const names = [...Array.from({ length: most }, (_, i) => `R${i + 1}`), ...Array.from({ length: most }, (_, i) => `W${i + 1}`)];
  const taxonomy = parseTaxonomy(names.map((name) => `\t${name}`).join("\n"));
  const right = (k: number) => Array.from({ length: k }, (_, i) => `R${i + 1}`);
  const wrong = (k: number) => Array.from({ length: k }, (_, i) => `W${i + 1}`);
  const gold = parseLabelText(tp.map((t, d) => [`d${d}`, ...right(t)].join("\t")).join("\n"), { taxonomy, role: "gold" });
  const pred = parseLabelText(tp.map((t, d) => [`d${d}`, ...right(t), ...wrong(pp[d]! - t)].join("\t")).join("\n"), {
    taxonomy,
    role: "prediction",
  });
  return { taxonomy, gold, pred };
}

describe("BCa intervals agree with scipy.stats.bootstrap(method='BCa')", () => {
  const recorded = recordEvaluation({ ...filesOf(expected.tp, expected.pp), metrics: ["flat"] }).restrict("flat");
  const key = ["flat", "micro", "precision"];
  const [jackknife] = jackknifeValues(recorded, [key]);

  it("on the same documents, the engine's estimate is scipy's statistic", () => {
    expect(
      (recorded.accumulator.compute(recorded.total()) as unknown as { flat: { micro: { precision: number } } }).flat.micro.precision,
    ).toBeCloseTo(expected.estimate, 14);
  });

  it("the jackknife leaves each document out exactly", () => {
    const totalTp = expected.tp.reduce((a, b) => a + b, 0);
    const totalPp = expected.pp.reduce((a, b) => a + b, 0);
    expected.tp.forEach((t, d) => expect(jackknife![d]).toBeCloseTo((totalTp - t) / (totalPp - expected.pp[d]!), 14));
  });

  it.each(expected.cases.map((c) => [c.confidence, c] as const))("gives scipy's interval to 1e-9 at confidence %s", (_, c) => {
    const sorted = Float64Array.from(c.distribution).sort();
    const levels = bcaLevels(sorted, expected.estimate, acceleration(jackknife!), 1 - c.confidence)!;
    expect(Math.abs(quantile(sorted, levels[0]) - c.low)).toBeLessThan(1e-9);
    expect(Math.abs(quantile(sorted, levels[1]) - c.high)).toBeLessThan(1e-9);
    // Not the percentile interval: BCa moved at least one end.
    const alpha = 1 - c.confidence;
    expect(levels).not.toEqual([alpha / 2, 1 - alpha / 2]);
  });

  it("the normal CDF and quantile are scipy's ndtr and ndtri", () => {
    for (const [p, z] of Object.entries(expected.ndtri)) expect(Math.abs(normalQuantile(Number(p)) - z)).toBeLessThan(1e-10); // Φ’s 1e-15, divided by φ(z) in the tails
    for (const [x, p] of Object.entries(expected.ndtr)) expect(Math.abs(normalCdf(Number(x)) - p)).toBeLessThan(1e-14);
  });
});
