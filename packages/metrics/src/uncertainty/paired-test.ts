import { InputError } from "../errors/input-error.ts";
import { DEFAULT_RESAMPLES, drawWeights } from "./bootstrap-intervals.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { checkResamples, checkSeed, measureValue } from "./resample-options.ts";
import { documentDifferences, type DocumentDifferences } from "./document-differences.ts";
import { seededCoinFlips, seededRandom } from "./seeded-random.ts";
import { RESAMPLE_BATCH } from "./batched-sums.ts";

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
  return pairedTests(a, b, [measure], options)[0]!;
}

/**
 * `pairedTest` under several measures at once, each result equal to its own
 * `pairedTest`: with one seed, every measure's test draws the same
 * resamples, so approximate randomisation draws each swap once for all of
 * them, and moves only the documents on which the two submissions' statistics
 * differ (a swap of equal statistics changes nothing).
 *
 * @example
 * pairedTests(a, b, ["hc.f1", "flat.micro.f1"], { resamples: 1000, seed: 1 });
 * // [pairedTest(a, b, "hc.f1", …), pairedTest(a, b, "flat.micro.f1", …)]
 */
export function pairedTests(
  a: RecordedStatistics,
  b: RecordedStatistics,
  measures: readonly string[],
  options: PairedTestOptions = {},
): PairedTestResult[] {
  const method = options.method ?? "randomization";
  if (method !== "bootstrap" && method !== "randomization")
    throw new InputError("BAD_OPTION", `expected a paired test method "bootstrap" or "randomization", got ${JSON.stringify(method)}`);
  const resamples = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const seed = checkSeed(options.seed ?? 1);
  checkSameDocuments(a, b);
  const tests = measures.map((measure) => new MeasureTest(a, b, measure));
  if (method === "randomization") countRandomizationExtremes(tests, a.documents, resamples, seed);
  else for (const test of tests) countBootstrapExtremes(test, a.documents, resamples, seed);
  return tests.map((test) => ({
    measure: test.measure,
    method,
    a: test.valueA,
    b: test.valueB,
    difference: test.difference,
    pValue: (test.extreme + 1) / (resamples + 1),
    resamples,
    seed,
  }));
}

/** One measure's observed difference, its family's slices of both recordings, and its count of extremes. */
class MeasureTest {
  readonly x: RecordedStatistics;
  readonly y: RecordedStatistics;
  readonly totalA: Float64Array;
  readonly totalB: Float64Array;
  readonly valueA: number;
  readonly valueB: number;
  readonly difference: number;
  readonly tolerance: number;
  extreme = 0;

  constructor(
    a: RecordedStatistics,
    b: RecordedStatistics,
    readonly measure: string,
  ) {
    const family = measure.split(".")[0]!;
    this.x = restrictCached(a, family);
    this.y = restrictCached(b, family);
    if (this.x.width !== this.y.width)
      throw new InputError(
        "BAD_OPTION",
        `expected both submissions scored with the same options, got layouts of ${this.x.width} and ${this.y.width} statistics`,
      );
    this.totalA = this.x.total();
    this.totalB = this.y.total();
    this.valueA = this.value(this.totalA);
    this.valueB = this.value(this.totalB);
    if (Number.isNaN(this.valueA))
      throw new InputError("BAD_OPTION", `expected a numeric measure such as "hc.f1", got ${JSON.stringify(measure)}`);
    this.difference = this.valueA - this.valueB;
    this.tolerance = 1e-12 * Math.max(1, Math.abs(this.difference));
  }

  value(sums: Float64Array): number {
    return measureValue(this.x.accumulator.compute(sums), this.measure);
  }

  /** Counts a resample whose |δ*| reaches |δ| (within the tolerance). */
  count(deltaStar: number): void {
    if (Math.abs(deltaStar) >= Math.abs(this.difference) - this.tolerance) this.extreme += 1;
  }
}

/**
 * Approximate randomisation: swapping the documents with z_d = 1 gives
 * A* = A + Σ z_d (b_d − a_d) and B* = B − Σ z_d (b_d − a_d). Resample r
 * flips document d with draw r · n + d of the seed's sequence, as drawing
 * every document in turn would; only documents with b_d ≠ a_d are flipped,
 * and the moves Σ z_d (b_d − a_d) of RESAMPLE_BATCH resamples are summed at once.
 */
function countRandomizationExtremes(tests: readonly MeasureTest[], n: number, resamples: number, seed: number): void {
  const byFamily = new Map<RecordedStatistics, { moves: DocumentDifferences; tests: MeasureTest[] }>();
  for (const test of tests) {
    const entry = byFamily.get(test.x) ?? { moves: documentDifferences(test.x, test.y), tests: [] };
    entry.tests.push(test);
    byFamily.set(test.x, entry);
  }
  const families = [...byFamily.values()].map((entry) => ({ ...entry, moved: new Float64Array(entry.moves.width) }));
  // Each resample flips the documents some family needs, once for all families.
  const flipped = new Set<number>();
  for (const { moves } of families) for (const d of moves.documents) flipped.add(d);
  const documents = Int32Array.from([...flipped].sort((p, q) => p - q));
  // Resamples go RESAMPLE_BATCH at a time: document d's flip in resample first + b at d·RESAMPLE_BATCH + b.
  const swapped = new Int32Array(n * RESAMPLE_BATCH);
  const sumsA = new Float64Array(Math.max(0, ...families.map(({ moves }) => moves.width)));
  const sumsB = new Float64Array(sumsA.length);
  for (let first = 0; first < resamples; first += RESAMPLE_BATCH) {
    const count = Math.min(RESAMPLE_BATCH, resamples - first);
    // r · n mod 2³² (Math.imul): the draw index of resample r's first document, exact in 32 bits;
    // document d's flips in resamples first … first + count − 1 are n draws apart.
    const firstDraw = Math.imul(first, n) >>> 0;
    for (let k = 0; k < documents.length; k++) {
      const d = documents[k]!;
      seededCoinFlips(seed, (firstDraw + d) >>> 0, n, swapped, d * RESAMPLE_BATCH, count);
    }
    for (const { moves, moved, tests: familyTests } of families) {
      const a = sumsA.subarray(0, moved.length);
      const b = sumsB.subarray(0, moved.length);
      moves.sums(swapped, count, moved, () => {
        for (const test of familyTests) {
          for (let i = 0; i < moved.length; i++) {
            a[i] = test.totalA[i]! + moved[i]!;
            b[i] = test.totalB[i]! - moved[i]!;
          }
          test.count(test.value(a) - test.value(b));
        }
      });
    }
  }
}

/** Paired bootstrap: the same n documents drawn with replacement for both; δ* shifted to the null. */
function countBootstrapExtremes(test: MeasureTest, n: number, resamples: number, seed: number): void {
  const random = seededRandom(seed);
  const weights = new Int32Array(n);
  const sumsA = new Float64Array(test.x.width);
  const sumsB = new Float64Array(test.x.width);
  for (let r = 0; r < resamples; r++) {
    drawWeights(weights, random);
    test.x.weightedSum(weights, sumsA);
    test.y.weightedSum(weights, sumsB);
    test.count(test.value(sumsA) - test.value(sumsB) - test.difference);
  }
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
