import { defineFamily, safeRatio } from "../../scoring/measure-family.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { ancestorConfusion, type FullSampleRows } from "./ancestor-confusion.ts";
import { areaUnderPrCurve, averagePrecision, prPointsFromBins } from "./pr-curve.ts";
import { softOptions, type SoftOptions } from "./soft-options.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { sparseSupport } from "../../uncertainty/sparse-sums.ts";
import { fullSampleMemo } from "../../uncertainty/full-sample-sums.ts";
import { SOFT_MEASURES } from "./soft-measures.ts";
import { SOFT_GLOSSARY } from "./soft-glossary.ts";
import { thresholdSweep } from "./threshold-sweep.ts";

/** Where each statistic lives in the family's vector, for one scoring context. */
interface SoftLayout {
  readonly options: SoftOptions;
  readonly labels: number;
  /** Score grid size G = 10^decimals; bin b ∈ 1 … G holds scores that round to b/G. */
  readonly grid: number;
  readonly sweep: number;
  readonly positives: number;
  readonly negatives: number;
  readonly rows: number;
  /** Offset of the labels × labels belief matrix, or −1 when the taxonomy is over `maxConfusionLabels`. */
  readonly matrix: number;
  readonly width: number;
  /** Scratch for one document's hierarchy-consistent scores, all 0 between documents. */
  readonly effective: Float64Array;
  /** Scratch: the nodes of positive effective score, in the order they got it. */
  readonly touched: Int32Array;
  /** Scratch for the reduce: per threshold from the top down, the sweep's running (tp, predicted), then (0, 0). */
  readonly cumulative: Float64Array;
}

// Σ |Ĝ| (positives of the sweep and of the PR curve) and the documents whose prediction has
// scores; the sized blocks (sweep, histograms, rows, matrix) follow.
const SLOTS = statisticSlots("gold", "scored");
const { gold: GOLD, scored: SCORED } = SLOTS.at;
const SWEEP = SLOTS.width;

const layouts = new WeakMap<ScoringContext, SoftLayout>();

function layoutOf(ctx: ScoringContext): SoftLayout {
  let layout = layouts.get(ctx);
  if (layout) return layout;
  const options = softOptions(ctx.options.extra);
  const labels = ctx.taxonomy.size;
  const grid = 10 ** options.scoreDecimals;
  const positives = SWEEP + 2 * options.thresholds.length;
  const negatives = positives + grid;
  const rows = negatives + grid;
  const withMatrix = labels <= options.maxConfusionLabels;
  const matrix = withMatrix ? rows + labels : -1;
  const width = withMatrix ? matrix + labels * labels : rows + labels;
  layout = {
    options,
    labels,
    grid,
    sweep: SWEEP,
    positives,
    negatives,
    rows,
    matrix,
    width,
    effective: new Float64Array(labels + 1),
    touched: new Int32Array(labels + 1),
    cumulative: new Float64Array(2 * options.thresholds.length + 2),
  };
  layouts.set(ctx, layout);
  return layout;
}

/**
 * Measures of soft (scored) predictions, threshold-free or over many
 * thresholds. A hard prediction counts as scores of 1 on its labels (on its
 * ancestor closure for the curve and the sweep), so every measure is
 * defined for it; `input` says which kind was scored.
 *
 * Hierarchy consistency: a node's effective score is the largest score of
 * itself and its descendants, e(x) = max_{y ∈ {x} ∪ desc(x)} s(y). Then
 * {x : e(x) ≥ t} is exactly the ancestor closure of {x : s(x) ≥ t}, for
 * every threshold t, as with `--threshold` in the set-based family.
 *
 * - `sweep`: for each threshold t, micro hP(t) = Σ|Ĝ ∩ P̂_t| / Σ|P̂_t|,
 *   hR(t) = Σ|Ĝ ∩ P̂_t| / Σ|Ĝ|, hF1(t) = 2·Σ|Ĝ ∩ P̂_t| / (Σ|Ĝ| + Σ|P̂_t|)
 *   (0 at a threshold that predicts nothing, as scikit-learn's F1); `best`
 *   is the sweep's highest hF1 (the lowest such threshold). Kiritchenko et
 *   al.'s hP/hR.
 * - `auprc`: the area under the precision-recall curve pooled over all
 *   (document, class) pairs, every class of the taxonomy with e(x) as its
 *   score and Ĝ as its truth, interpolated as Davis & Goadrich describe;
 *   unscored pairs have score 0, so the curve ends at recall 1. Vens et al.,
 *   "Decision trees for hierarchical multi-label classification", as
 *   recommended by Cerri et al. (paper 004).
 * - `averagePrecision`: the same pooled pairs and curve, step-wise without
 *   interpolation, as scikit-learn's `average_precision_score(y_true,
 *   y_score, average="micro")` with y_true the ancestor-closed gold indicator
 *   matrix and y_score the effective scores (`averagePrecision`).
 * - `confusion` and `rms`: B̄_a and δ̄_a of `ancestorConfusion` (van Norden
 *   & Jonker, paper 003) for a = 0 … depth, over the document's most specific
 *   gold labels (the end nodes of its gold paths), each a row of the mean
 *   belief matrix. Only computed for taxonomies of at most
 *   `maxConfusionLabels` labels: the matrix is labels × labels wide.
 *
 * The mergeable state of the PR curve. A pooled curve needs every pair's
 * score, which is not a fixed-width sum. Scores are therefore counted in a
 * histogram over the grid b/G, G = 10^scoreDecimals (default 10,000 bins,
 * one count of positives and one of negatives per bin), with
 * b = round(e·G); pairs in bin 0 and the all-zero tail are derived from the
 * totals. Histograms add, so sharding, merging and bootstrap resampling stay
 * vector addition, and the `MeasureFamily` contract is unchanged. The area
 * is exact for scores with at most `scoreDecimals` decimals (distinct scores
 * keep distinct, ordered bins); finer scores are merged into ties within
 * 1/(2G), which moves the area by at most the area between those operating
 * points. The sweep compares the exact scores.
 *
 * @example
 * // tree A{A1,A2}, B{B1,B2}; gold A/A1, B/B2, A2; scores {A1: .6, A2: .2}, {B2: .45, B1: .5}, {A2: .3, A: .7}
 * evaluate({ taxonomy, gold, pred, metrics: ["soft"] }).soft;
 * // { input: "scores", auprc: 0.9244…, best: { threshold: 0.25, precision: 6/7, recall: 1, f1: 12/13 },
 * //   sweep: [{ threshold: 0.05, … }, …], confusion: { 0: …, 1: …, 2: … }, rms: { … }, undefined: [] }
 */
export const softFamily = defineFamily({
  id: "soft",
  statistics: "reals",
  slots: SLOTS,
  measures: SOFT_MEASURES,
  glossary: SOFT_GLOSSARY,
  // The typed options come with the statistics layout they decide.
  parseOptions: layoutOf,
  width: (ctx) => layoutOf(ctx).width,
  count(doc, ctx, sink, layout) {
    const { thresholds } = layout.options;
    const { ancestors } = ctx.taxonomy;
    // The closures as marked lists: membership by a mark, not a Set probe.
    const marks = doc.closureMarks;
    const { effective, touched } = layout;
    // A node joins `touched` when its effective score first becomes positive (scratch arrays, nothing allocated).
    let count = 0;
    if (doc.prediction?.scores) {
      sink.add(SCORED, 1);
      for (const [node, score] of doc.prediction.scores) {
        if (effective[node] === 0 && score > 0) touched[count++] = node;
        if (score > effective[node]!) effective[node] = score;
        for (const a of ancestors[node]!) {
          if (effective[a] === 0 && score > 0) touched[count++] = a;
          if (score > effective[a]!) effective[a] = score;
        }
      }
    } else {
      const { predictedNodes, predictedCount } = marks;
      for (let i = 0; i < predictedCount; i++) {
        const node = predictedNodes[i]!;
        if (effective[node] === 0) touched[count++] = node;
        effective[node] = 1;
      }
    }

    sink.add(GOLD, marks.goldCount);
    for (let t = 0; t < count; t++) {
      const node = touched[t]!;
      const e = effective[node]!;
      const positive = marks.inGold(node);
      // Counted once, at the highest threshold it passes; the reduce sums from the top down.
      const passed = thresholdsPassed(thresholds, e);
      if (passed > 0) {
        sink.add(layout.sweep + 2 * (passed - 1) + 1, 1);
        if (positive) sink.add(layout.sweep + 2 * (passed - 1), 1);
      }
      const bin = Math.round(e * layout.grid);
      if (bin > 0) sink.add((positive ? layout.positives : layout.negatives) + bin - 1, 1);
      effective[node] = 0;
    }

    if (layout.matrix < 0) return;
    const L = layout.labels;
    const scores = doc.prediction?.scores;
    // Each label's belief as given: the soft scores, or 1 for each label of a hard prediction (so the
    // soft measures also rank hard submissions, as a single operating point), read in place.
    const hard = scores ? undefined : doc.predictedLabels;
    for (const i of doc.goldCovered) {
      sink.add(layout.rows + i - 1, 1);
      const row = layout.matrix + (i - 1) * L - 1;
      if (scores) for (const [j, score] of scores) if (score > 0) sink.add(row + j, score);
      if (hard) for (let k = 0; k < hard.length; k++) sink.add(row + hard[k]!, 1);
    }
  },
  reduce(sums, documents, ctx, layout, measuresOnly) {
    const u = undefinedMeasuresOf(ctx);
    const gold = sums[GOLD]!;
    const sweep = thresholdSweep(sums, layout.sweep, gold, layout.options.thresholds, layout.cumulative, u.value, !measuresOnly);
    if (!sweep.predicts) u.add("sweep.precision");
    if (gold === 0) u.add("sweep.recall");
    const { best } = sweep;
    if (best.predicted === 0) u.add("best.precision");
    if (gold === 0) u.add("best.recall");
    if (best.predicted === 0 && gold === 0) u.add("best.f1");
    const points = curvePoints(sums, documents, layout);
    const auprc = areaUnderPrCurve(points, gold);
    const ap = averagePrecision(points, gold);
    const scored = sums[SCORED]!;
    const result: Record<string, unknown> = {
      input: scored === 0 ? "labels" : scored === documents ? "scores" : "mixed",
      scoredDocuments: scored,
      auprc: Number.isNaN(auprc) ? safeRatio(0, 0, "auprc", u) : auprc,
      averagePrecision: Number.isNaN(ap) ? safeRatio(0, 0, "averagePrecision", u) : ap,
      best: { threshold: best.threshold, precision: best.precision, recall: best.recall, f1: best.f1 },
      sweep: sweep.points,
    };
    if (layout.matrix >= 0) {
      const { confusion, rms, labels } = ancestorConfusion(
        ctx.taxonomy,
        sums.subarray(layout.rows, layout.rows + layout.labels),
        sums.subarray(layout.matrix),
        sparseSupport(sums, layout.matrix, layout.width),
        // A leave-one-out vector (a jackknife's) reuses the full sample's rows.
        fullSampleMemo(sums, "soft.confusionRows", (full, oneLeftOut): FullSampleRows | undefined =>
          oneLeftOut ? { rows: full.subarray(layout.rows, layout.rows + layout.labels), matrix: full.subarray(layout.matrix) } : undefined,
        ),
      );
      // Every gold label counts at order 0: no order without one.
      if (labels[0] === undefined) u.add("confusion", "rms");
      result.confusion = confusion;
      result.rms = rms;
      result.confusionLabels = labels;
    } else u.add("confusion", "rms");
    result.undefined = u.names;
    return result;
  },
});

/** How many of the ascending `thresholds` are ≤ `score` (a binary search: a hard prediction's 1 passes all 20 by default). */
function thresholdsPassed(thresholds: readonly number[], score: number): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (thresholds[mid]! <= score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Operating points of the pooled curve: grid bins from the top, then every remaining pair (score 0). */
function curvePoints(sums: Float64Array, documents: number, layout: SoftLayout) {
  const positives = sums.subarray(layout.positives, layout.positives + layout.grid);
  const negatives = sums.subarray(layout.negatives, layout.negatives + layout.grid);
  const points = prPointsFromBins(positives, negatives, possibleBins(sums, layout));
  const last = points[points.length - 1] ?? { tp: 0, fp: 0 };
  const pairs = documents * layout.labels;
  const gold = sums[GOLD]!;
  if (pairs > last.tp + last.fp) points.push({ tp: gold, fp: pairs - gold });
  return points;
}

const binUnions = new WeakMap<Int32Array, Int32Array>();

/**
 * The grid bins either histogram may hold a count in, ascending, when the
 * sums are sparse (`sparseSupport`); undefined otherwise. Made once per
 * support: the bootstrap asks the same every resample.
 */
function possibleBins(sums: Float64Array, layout: SoftLayout): Int32Array | undefined {
  // the two histograms lie side by side: offsets 0 … G−1 are positives, G … 2G−1 negatives
  const support = sparseSupport(sums, layout.positives, layout.negatives + layout.grid);
  if (!support) return undefined;
  let bins = binUnions.get(support);
  if (!bins) {
    const marked = new Uint8Array(layout.grid);
    let count = 0;
    for (const offset of support) {
      count += 1 - marked[offset % layout.grid]!;
      marked[offset % layout.grid] = 1;
    }
    bins = new Int32Array(count);
    for (let b = 0, k = 0; b < layout.grid; b++) if (marked[b] === 1) bins[k++] = b;
    binUnions.set(support, bins);
  }
  return bins;
}
