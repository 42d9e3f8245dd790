import { InputError } from "../errors/input-error.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { measureInfo } from "../engine/measure-registry.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { checkOpenUnit, checkResamples, checkSeed, measureValue } from "./resample-options.ts";
import { seededRandom } from "./seeded-random.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { RESAMPLE_BATCH } from "./batched-sums.ts";

export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  readonly resamples?: number;
  /** Seed of the generator (default 1): the same seed gives the same intervals. */
  readonly seed?: number;
  /** Confidence level (default 0.95). */
  readonly confidence?: number;
  /** Measure keys to report (default: every registered measure the evaluation contains). */
  readonly measures?: readonly string[];
}

/** A percentile interval of one measure. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

export const DEFAULT_RESAMPLES = 1000;

/**
 * Percentile bootstrap confidence intervals over documents, for every measure
 * at once. Each resample draws n documents with replacement (n = number of
 * gold documents), sums their recorded statistics with multiplicities
 * w_d (Σ w_d = n) and reduces: m* = reduce(Σ_d w_d · s_d). The interval at
 * level 1 − α is [q(α/2), q(1 − α/2)] of the R values m*₁ … m*_R, with q the
 * linearly interpolated quantile (NumPy's default, Hyndman & Fan type 7).
 * A measure undefined in a resample (zero denominator) enters with the value
 * its family reports, 0.
 *
 * Source: B. Efron and R. J. Tibshirani, "An Introduction to the Bootstrap"
 * (1993), the percentile interval; resampling documents as in P. Koehn,
 * "Statistical Significance Tests for Machine Translation Evaluation" (2004).
 *
 * Cost: per resample, one weighted sum over the recorded entries (documents
 * with identical statistics merged, eight resamples per pass, see
 * `BatchedSums`) and one reduce of the families the requested measures
 * belong to; the documents are never re-counted. On GermEval subtask b
 * (4,157 documents), evaluate + record + 1,000 resamples of all eleven
 * families take ≈ 0.55 s of CPU on a loaded 2-core machine
 * (docs/performance.md, "Bootstrap resamples"); the soft
 * family's belief matrix and histograms are visited only where the
 * recording touches them (`withSparseSums`).
 *
 * @example
 * const recorded = recordEvaluation({ taxonomy, gold, pred });
 * const intervals = bootstrapIntervals(recorded, { resamples: 1000, seed: 1 });
 * intervals["hc.f1"]; // { low: 0.71…, high: 0.74… }, identical on every run with seed 1
 */
export function bootstrapIntervals(recorded: RecordedStatistics, options: BootstrapOptions = {}): Record<string, Interval> {
  const resamples = checkResamples(options.resamples ?? DEFAULT_RESAMPLES);
  const random = seededRandom(checkSeed(options.seed ?? 1));
  const confidence = checkOpenUnit("a confidence level", options.confidence ?? 0.95);
  const full = flattenMeasures(recorded.accumulator.compute(recorded.total()));
  const keys = options.measures ?? Object.keys(full).filter((key) => measureInfo(key) !== undefined);
  const unknown = keys.find((key) => !(key in full));
  if (unknown !== undefined)
    throw new InputError("BAD_OPTION", `expected measures of the evaluation such as "hc.f1", got ${JSON.stringify(unknown)}`);
  // Only the families of the requested measures are resampled and reduced.
  const needed = new Set(keys.map((key) => key.split(".")[0]!));
  const families = recorded.accumulator.families.map((f) => f.id);
  const sample = families.every((id) => needed.has(id)) ? recorded : recorded.restrict(families.filter((id) => needed.has(id)));
  const { accumulator } = sample;
  const n = recorded.documents;
  const samples = keys.map(() => new Float64Array(resamples));
  const keyParts = keys.map((key) => key.split("."));
  // Resamples go RESAMPLE_BATCH at a time through the weighted sums (the same draws, in the same order).
  const weights = new Int32Array(n * RESAMPLE_BATCH);
  const width = sample.width;
  const sums = new Float64Array(width * RESAMPLE_BATCH);
  const views = Array.from({ length: RESAMPLE_BATCH }, (_, b) => sums.subarray(b * width, (b + 1) * width));
  // Only the statistics some document touches are ever written to `sums`: a reducer may skip the rest.
  withSparseSums(sums, repeatedSupport(sample.touched(), width), () => {
    for (let first = 0; first < resamples; first += RESAMPLE_BATCH) {
      const count = Math.min(RESAMPLE_BATCH, resamples - first);
      drawWeightBatch(weights, count, random);
      sample.weightedSums(weights, sums);
      for (let b = 0; b < count; b++) {
        const result = accumulator.compute(views[b]!);
        for (let k = 0; k < keyParts.length; k++) samples[k]![first + b] = measureValue(result, keyParts[k]!);
      }
    }
  });
  const alpha = 1 - confidence;
  const out: Record<string, Interval> = {};
  keys.forEach((key, k) => {
    const sorted = samples[k]!.filter((v) => !Number.isNaN(v)).sort();
    if (sorted.length === 0) return;
    out[key] = { low: quantile(sorted, alpha / 2), high: quantile(sorted, 1 - alpha / 2) };
  });
  return out;
}

/** Multiplicities of n draws with replacement from n documents. */
export function drawWeights(weights: Int32Array, random: () => number): void {
  const n = weights.length;
  weights.fill(0);
  for (let i = 0; i < n; i++) weights[Math.floor(random() * n)]! += 1;
}

/**
 * `drawWeights` for resamples 0 … count−1 of a batch, drawn one after the
 * other; `weights` is document-major (`d·RESAMPLE_BATCH + b`), resamples
 * from `count` on get weight 0.
 */
function drawWeightBatch(weights: Int32Array, count: number, random: () => number): void {
  const n = weights.length / RESAMPLE_BATCH;
  weights.fill(0);
  for (let b = 0; b < count; b++) for (let i = 0; i < n; i++) weights[Math.floor(random() * n) * RESAMPLE_BATCH + b]! += 1;
}

/** `support` (ascending indices into a vector of `width`) for each of RESAMPLE_BATCH vectors laid end to end. */
function repeatedSupport(support: Int32Array, width: number): Int32Array {
  const out = new Int32Array(support.length * RESAMPLE_BATCH);
  for (let b = 0; b < RESAMPLE_BATCH; b++) for (let k = 0; k < support.length; k++) out[b * support.length + k] = support[k]! + b * width;
  return out;
}

/** Linearly interpolated quantile of sorted values (type 7). */
export function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
