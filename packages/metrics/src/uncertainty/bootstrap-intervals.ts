import { InputError } from "../errors/input-error.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { measureInfo } from "../engine/measure-registry.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { checkOpenUnit, checkResamples, checkSeed } from "./resample-options.ts";
import { ResampleMeasures } from "./resample-measures.ts";
import { seededCounts } from "./seeded-random.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { withFullSample } from "./full-sample-sums.ts";
import { RESAMPLE_BATCH } from "./batched-sums.ts";
import { jackknifeAccelerations } from "./jackknife.ts";
import { normalCdf, normalQuantile } from "./standard-normal.ts";
import { selectedQuantile } from "./quantiles.ts";

export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  readonly resamples?: number;
  /** Seed of the generator (default 1): the same seed gives the same intervals. */
  readonly seed?: number;
  /** Confidence level (default 0.95). */
  readonly confidence?: number;
  /** Measure keys to report (default: every registered measure the evaluation contains). */
  readonly measures?: readonly string[];
  /** `bca` (the default): bias-corrected and accelerated; `percentile`: the plain percentile interval. */
  readonly method?: IntervalMethod;
}

export type IntervalMethod = "bca" | "percentile";

export const DEFAULT_INTERVAL_METHOD: IntervalMethod = "bca";

/** How a caption names each method: "95% BCa bootstrap intervals". */
export const INTERVAL_METHOD_NAMES: Readonly<Record<IntervalMethod, string>> = { bca: "BCa", percentile: "percentile" };

/**
 * Whether an interval does not contain its measure's value (see `Interval.excludesEstimate`), for
 * intervals stored without the flag.
 */
export function excludesEstimate(value: number, low: number, high: number): boolean {
  return value < low || value > high;
}

/** A bootstrap interval of one measure. */
export interface Interval {
  readonly low: number;
  readonly high: number;
  /**
   * Present (true) when the interval does not contain the measure's own value: the value lies
   * outside nearly every resample (a biased statistic, such as a macro average over rare labels).
   */
  readonly excludesEstimate?: true;
}

export const DEFAULT_RESAMPLES = 1000;

/**
 * Bootstrap confidence intervals over documents, for every measure at once.
 * Each resample draws n documents with replacement (n = number of gold
 * documents), sums their recorded statistics with multiplicities w_d
 * (Σ w_d = n) and reduces: m* = reduce(Σ_d w_d · s_d). A measure undefined
 * in a resample (zero denominator) enters with the value its family reports, 0;
 * a macro average keeps the label set of its estimate: a label the resample does
 * not observe keeps its full-sample rate (`withFullSample`), so that the resamples
 * of a macro average over rare labels are not pushed to one side of its estimate.
 *
 * - `percentile`: at level 1 − α, [q(α/2), q(1 − α/2)] of the R values
 *   m*₁ … m*_R, with q the linearly interpolated quantile (NumPy's default,
 *   Hyndman & Fan type 7).
 * - `bca` (default): the same quantiles at the levels Φ(ẑ₀ + (ẑ₀ + z)/(1 − â(ẑ₀ + z)))
 *   for z = Φ⁻¹(α/2) and Φ⁻¹(1 − α/2), as `scipy.stats.bootstrap(method="BCa")`
 *   computes them: the bias correction ẑ₀ = Φ⁻¹((#{m* < m} + #{m* ≤ m}) / 2R)
 *   and the acceleration â from the exact jackknife over documents
 *   (`jackknifeValues`, `jackknifeAccelerations`). When m lies outside every resample, ẑ₀ is infinite
 *   and BCa undefined: the percentile interval is given. Percentile intervals of
 *   biased statistics (macro averages over rare labels) often exclude m;
 *   BCa moves them towards it. An interval that still excludes m says so
 *   (`excludesEstimate: true`).
 *
 * Source: B. Efron and R. J. Tibshirani, "An Introduction to the Bootstrap"
 * (1993), the percentile and BCa intervals (ch. 13–14); resampling documents as in P. Koehn,
 * "Statistical Significance Tests for Machine Translation Evaluation" (2004).
 *
 * Cost: per resample, n draws (`seededCounts`, counted straight into the
 * patterns of documents alike), one weighted sum over the recorded entries
 * (documents with identical statistics merged, eight resamples per pass,
 * see `BatchedSums`) written into one reused vector, and one reduce of the
 * families the requested measures belong to; the documents are never
 * re-counted. See docs/performance.md, "Bootstrap resamples", for today's
 * CPU time on GermEval subtask b; the soft family's belief matrix and
 * histograms are visited only where the recording touches them
 * (`withSparseSums`).
 *
 * @example
 * const recorded = recordEvaluation({ taxonomy, gold, pred });
 * const intervals = bootstrapIntervals(recorded, { resamples: 1000, seed: 1 });
 * intervals["hc.f1"]; // { low: 0.71…, high: 0.74… }, identical on every run with seed 1
 */
export function bootstrapIntervals(recorded: RecordedStatistics, options: BootstrapOptions = {}): Record<string, Interval> {
  const resamples = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const seed = checkSeed(options.seed ?? 1);
  const confidence = checkOpenUnit("a confidence level", options.confidence ?? 0.95);
  const full = flattenMeasures(recorded.accumulator.compute(recorded.sharedTotal()));
  const keys = options.measures ?? Object.keys(full).filter((key) => measureInfo(key) !== undefined);
  const unknown = keys.find((key) => !(key in full));
  if (unknown !== undefined)
    throw new InputError("BAD_OPTION", `expected measures of the evaluation such as "hc.f1", got ${JSON.stringify(unknown)}`);
  // Only the families of the requested measures are summed and reduced (`ResampleMeasures` and the
  // jackknife reduce no other), in the recording's own layout: nothing is copied to leave the others out.
  const needed = new Set(keys.map((key) => key.split(".")[0]!));
  const families = recorded.accumulator.families.flatMap((family, f) => (needed.has(family.id) ? [f] : []));
  const samples = keys.map(() => new Float64Array(resamples));
  const keyParts = keys.map((key) => key.split("."));
  // One vector takes each resample's sums in turn; only the statistics some document touches are
  // ever written to it: a reducer may skip the rest. A macro average keeps the label set of its
  // estimate in every resample (`withFullSample`).
  const sums = new Float64Array(recorded.width);
  const measures = new ResampleMeasures(recorded.accumulator, sums, keyParts);
  withSparseSums(sums, recorded.touched(), () =>
    withFullSample(sums, recorded.sharedTotal(), () => resampleInBatches(recorded, families, seed, sums, measures, samples)),
  );
  const alpha = 1 - confidence;
  const method = options.method ?? DEFAULT_INTERVAL_METHOD;
  // The resample vector is done with: the jackknife's leave-one-out sums take its place.
  const accelerations = method === "bca" ? jackknifeAccelerations(recorded, keyParts, sums) : undefined;
  const out: Record<string, Interval> = {};
  keys.forEach((key, k) => {
    const values = definedValues(samples[k]!);
    if (values.length === 0) return;
    const estimate = full[key] ?? NaN;
    const levels = accelerations ? bcaLevels(values, estimate, accelerations[k]!, alpha) : undefined;
    const [lowLevel, highLevel] = levels ?? [alpha / 2, 1 - alpha / 2];
    const low = selectedQuantile(values, lowLevel);
    const high = selectedQuantile(values, highLevel);
    out[key] = excludesEstimate(estimate, low, high) ? { low, high, excludesEstimate: true } : { low, high };
  });
  return out;
}

/**
 * Draws and reduces `samples[k].length` resamples, RESAMPLE_BATCH at a time through the weighted
 * sums of `families`: resample r draws the documents Math.floor(random() · n) of draws
 * r·n … (r+1)·n − 1 of `seededRandom(seed)`, and measure k's value goes to `samples[k][r]`. A
 * function of its own, made once: a loop in a closure made anew for each bootstrap was compiled
 * anew for most of them.
 */
function resampleInBatches(
  recorded: RecordedStatistics,
  families: readonly number[],
  seed: number,
  sums: Float64Array,
  measures: ResampleMeasures,
  samples: Float64Array[],
): void {
  const resamples = samples[0]?.length ?? 0;
  const draws = seededCounts(seed, recorded.documents);
  let first = 0;
  const visit = (b: number) => measures.readInto(samples, first + b);
  for (; first < resamples; first += RESAMPLE_BATCH)
    recorded.drawnSums(draws, Math.min(RESAMPLE_BATCH, resamples - first), sums, visit, families);
}

/** The values that are not NaN, in order (a measure undefined in a resample is NaN there). */
function definedValues(values: Float64Array): Float64Array {
  let count = 0;
  for (let r = 0; r < values.length; r++) if (!Number.isNaN(values[r])) count += 1;
  if (count === values.length) return values;
  const out = new Float64Array(count);
  for (let r = 0, k = 0; r < values.length; r++) if (!Number.isNaN(values[r])) out[k++] = values[r]!;
  return out;
}

/**
 * The BCa quantile levels (see `bootstrapIntervals`) of the resample values (in any order), or
 * undefined when they cannot be formed (an undefined estimate, or one outside every resample), and
 * the percentile levels serve.
 */
export function bcaLevels(values: Float64Array, estimate: number, a: number, alpha: number): [number, number] | undefined {
  if (!Number.isFinite(estimate)) return undefined;
  const r = values.length;
  let below = 0;
  let atMost = 0;
  for (const v of values) {
    if (v < estimate) below += 1;
    if (v <= estimate) atMost += 1;
  }
  // Outside every resample, ẑ₀ is infinite and BCa undefined (scipy gives NaN): the percentile levels serve.
  if (atMost === 0 || below === r) return undefined;
  const z0 = normalQuantile((below + atMost) / (2 * r));
  const level = (z: number) => normalCdf(z0 + (z0 + z) / (1 - a * (z0 + z)));
  const levels: [number, number] = [level(normalQuantile(alpha / 2)), level(normalQuantile(1 - alpha / 2))];
  return levels.every((l) => l >= 0 && l <= 1) ? levels : undefined;
}

/** Multiplicities of n draws with replacement from n documents. */
export function drawWeights(weights: Int32Array, random: () => number): void {
  const n = weights.length;
  weights.fill(0);
  for (let i = 0; i < n; i++) weights[Math.floor(random() * n)]! += 1;
}
