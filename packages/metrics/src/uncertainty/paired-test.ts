import { InputError } from "../errors/input-error.ts";
import { DEFAULT_RESAMPLES, drawWeights } from "./bootstrap-intervals.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { checkResamples, checkSeed, measureValue } from "./resample-options.ts";
import { seededRandom } from "./seeded-random.ts";

export type PairedTestMethod = "bootstrap" | "randomization";

export interface PairedTestOptions {
  /** Default `randomization` (approximate randomisation). */
  readonly method?: PairedTestMethod;
  /** Default 1000. */
  readonly resamples?: number;
  /** Default 1. */
  readonly seed?: number;
}

export interface PairedTestResult {
  readonly measure: string;
  readonly method: PairedTestMethod;
  readonly a: number;
  readonly b: number;
  /** δ = m(a) − m(b). */
  readonly difference: number;
  /** Two-sided p-value, (1 + #{as extreme}) / (1 + R). */
  readonly pValue: number;
  readonly resamples: number;
  readonly seed: number;
}

/**
 * A paired significance test of the difference δ = m(A) − m(B) of one
 * measure between two submissions scored on the same gold documents. Both
 * methods reuse the recorded per-document statistics of the measure's family.
 *
 * - `randomization` (approximate randomisation): each resample swaps the two
 *   submissions' statistics of every document with probability ½ and
 *   recomputes δ*; p = (1 + #{|δ*| ≥ |δ|}) / (1 + R).
 * - `bootstrap` (paired bootstrap): each resample draws the same n documents
 *   with replacement for both; δ* is shifted to the null hypothesis,
 *   p = (1 + #{|δ* − δ| ≥ |δ|}) / (1 + R).
 *
 * Comparisons allow a relative tolerance of 1e-12 so that rounding never
 * turns a tie into a non-tie; a submission against itself gets p = 1.
 *
 * Sources: E. W. Noreen, "Computer-Intensive Methods for Testing Hypotheses"
 * (1989) and A. Yeh, "More accurate tests for the statistical significance
 * of result differences" (2000) for approximate randomisation; P. Koehn,
 * "Statistical Significance Tests for Machine Translation Evaluation" (2004)
 * and Berg-Kirkpatrick et al., "An Empirical Investigation of Statistical
 * Significance in NLP" (2012) for the paired bootstrap.
 *
 * @example
 * const a = recordEvaluation({ taxonomy, gold, pred: predA });
 * const b = recordEvaluation({ taxonomy, gold, pred: predB });
 * pairedTest(a, b, "hc.f1", { method: "randomization", resamples: 1000, seed: 1 });
 * // { measure: "hc.f1", difference: 0.012, pValue: 0.03, … }
 * pairedTest(a, a, "hc.f1").pValue; // 1
 */
export function pairedTest(
  a: RecordedStatistics,
  b: RecordedStatistics,
  measure: string,
  options: PairedTestOptions = {},
): PairedTestResult {
  const method = options.method ?? "randomization";
  if (method !== "bootstrap" && method !== "randomization")
    throw new InputError("BAD_OPTION", `expected a paired test method "bootstrap" or "randomization", got ${JSON.stringify(method)}`);
  const resamples = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const seed = checkSeed(options.seed ?? 1);
  checkSameDocuments(a, b);
  const family = measure.split(".")[0]!;
  const x = restrictCached(a, family);
  const y = restrictCached(b, family);
  if (x.width !== y.width)
    throw new InputError(
      "BAD_OPTION",
      `expected both submissions scored with the same options, got layouts of ${x.width} and ${y.width} statistics`,
    );
  const value = (sums: Float64Array) => measureValue(x.accumulator.compute(sums), measure);
  const totalA = x.total();
  const totalB = y.total();
  const valueA = value(totalA);
  const valueB = value(totalB);
  if (Number.isNaN(valueA))
    throw new InputError("BAD_OPTION", `expected a numeric measure such as "hc.f1", got ${JSON.stringify(measure)}`);
  const difference = valueA - valueB;
  const tolerance = 1e-12 * Math.max(1, Math.abs(difference));
  const random = seededRandom(seed);
  const n = x.documents;
  const sumsA = new Float64Array(x.width);
  const sumsB = new Float64Array(x.width);
  let extreme = 0;
  if (method === "randomization") {
    // Swapping the documents with z_d = 1 gives A* = A − Σ z_d a_d + Σ z_d b_d (and B* the other way).
    const swapped = new Uint8Array(n);
    const swappedA = new Float64Array(x.width);
    const swappedB = new Float64Array(x.width);
    for (let r = 0; r < resamples; r++) {
      for (let d = 0; d < n; d++) swapped[d] = random() < 0.5 ? 0 : 1;
      x.weightedSum(swapped, swappedA);
      y.weightedSum(swapped, swappedB);
      for (let i = 0; i < sumsA.length; i++) {
        const moved = swappedB[i]! - swappedA[i]!;
        sumsA[i] = totalA[i]! + moved;
        sumsB[i] = totalB[i]! - moved;
      }
      if (Math.abs(value(sumsA) - value(sumsB)) >= Math.abs(difference) - tolerance) extreme += 1;
    }
  } else {
    const weights = new Int32Array(n);
    for (let r = 0; r < resamples; r++) {
      drawWeights(weights, random);
      x.weightedSum(weights, sumsA);
      y.weightedSum(weights, sumsB);
      const shifted = value(sumsA) - value(sumsB) - difference;
      if (Math.abs(shifted) >= Math.abs(difference) - tolerance) extreme += 1;
    }
  }
  return { measure, method, a: valueA, b: valueB, difference, pValue: (extreme + 1) / (resamples + 1), resamples, seed };
}

function checkSameDocuments(a: RecordedStatistics, b: RecordedStatistics): void {
  const same = a.documents === b.documents && a.ids.every((id, i) => b.ids[i] === id);
  if (!same)
    throw new InputError(
      "BAD_OPTION",
      `expected two submissions scored on the same gold documents, got ${a.documents} and ${b.documents} documents in different orders`,
    );
}

const restricted = new WeakMap<RecordedStatistics, Map<string, RecordedStatistics>>();

/** One family's slice of a recording, made once per recording and family. */
function restrictCached(recorded: RecordedStatistics, family: string): RecordedStatistics {
  let byFamily = restricted.get(recorded);
  if (!byFamily) restricted.set(recorded, (byFamily = new Map()));
  let slice = byFamily.get(family);
  if (!slice) byFamily.set(family, (slice = recorded.restrict(family)));
  return slice;
}
