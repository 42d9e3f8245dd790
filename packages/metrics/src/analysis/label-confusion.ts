import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import type { LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { InputError } from "../errors/input-error.ts";
import type { RecordedStatistics } from "../uncertainty/recorded-statistics.ts";
import { FLAT_LABEL_HEAD, flatFamily } from "../measures/flat/flat-family.ts";

/** One label's flat counts over all documents. */
export interface LabelCounts {
  readonly label: string;
  /** Depth in the (cut) taxonomy; top-level labels have depth 1. */
  readonly depth: number;
  readonly tp: number;
  /** Predicted but not in the gold: over-predicted. */
  readonly fp: number;
  /** In the gold but not predicted: under-predicted. */
  readonly fn: number;
}

export interface LabelConfusion {
  /** Every label that occurs in the gold or the prediction, by name. */
  readonly labels: readonly LabelCounts[];
  /** The `limit` labels with the most false positives (ties by name), FP > 0 only. */
  readonly overPredicted: readonly LabelCounts[];
  /** The `limit` labels with the most false negatives (ties by name), FN > 0 only. */
  readonly underPredicted: readonly LabelCounts[];
}

export interface LabelConfusionInput {
  readonly taxonomy: Taxonomy;
  readonly gold: LabelFile;
  readonly pred: LabelFile;
  readonly missingDocuments?: MissingDocumentPolicy;
  /** Soft scores at or above it are predicted labels (default 0.5, as in `evaluate`). */
  readonly threshold?: number;
  /** Length of the over- and under-predicted lists (default 10). */
  readonly limit?: number;
}

/**
 * Per-label flat confusion counts, with the flat family's semantics (labels as
 * written, no ancestor closure): for every label ℓ, TP_ℓ = #{d : ℓ ∈ G_d ∩ P_d},
 * FP_ℓ = #{d : ℓ ∈ P_d \ G_d}, FN_ℓ = #{d : ℓ ∈ G_d \ P_d}. Summed over labels
 * they are the flat family's micro TP, FP and FN. The family keeps these
 * counts in its summed statistics but reduces them away; this helper returns
 * them for error analysis ("which labels does this system over- or
 * under-predict?"), in the spirit of scikit-learn's
 * `multilabel_confusion_matrix`.
 *
 * @example
 * const { overPredicted, underPredicted } = labelConfusion({ taxonomy, gold, pred, limit: 5 });
 * overPredicted[0]; // { label: "Arts", depth: 1, tp: 1, fp: 2, fn: 0 }
 */
export function labelConfusion(input: LabelConfusionInput): LabelConfusion {
  const ctx = scoringContext(input.taxonomy, { threshold: input.threshold });
  checkPredictionIds(input.gold, input.pred, { missingDocuments: input.missingDocuments });
  const size = input.taxonomy.size;
  const tp = new Float64Array(size + 1);
  const fp = new Float64Array(size + 1);
  const fn = new Float64Array(size + 1);
  for (const doc of prepareDocuments(ctx, input.gold, input.pred)) {
    const gold = doc.goldLabels;
    const predicted = doc.predictedLabels;
    for (const label of predicted) {
      if (gold.includes(label)) tp[label]! += 1;
      else fp[label]! += 1;
    }
    for (const label of gold) if (!predicted.includes(label)) fn[label]! += 1;
  }
  return rankLabelCounts(input.taxonomy, tp, fp, fn, input.limit);
}

/**
 * The same analysis from a recording that holds the flat family (per-document statistics stored
 * at scoring time): the family's statistics carry TP, FP and FN per label, and their total over
 * the documents is what `labelConfusion` counts.
 *
 * @example
 * const recorded = recordEvaluation({ taxonomy, gold, pred });
 * labelConfusionOfRecording(recorded, { limit: 5 }); // equals labelConfusion({ taxonomy, gold, pred, limit: 5 })
 */
export function labelConfusionOfRecording(recorded: RecordedStatistics, opts: { limit?: number } = {}): LabelConfusion {
  const { families, offsets, ctx } = recorded.accumulator;
  const f = families.findIndex((family) => family.id === flatFamily.id);
  if (f < 0)
    throw new InputError(
      "BAD_OPTION",
      `expected a recording with the flat family, got families ${families.map((family) => family.id).join(", ")}`,
    );
  const size = ctx.taxonomy.size;
  const sums = recorded.total();
  const at = offsets[f]! + FLAT_LABEL_HEAD;
  const counts = (k: number) => {
    const out = new Float64Array(size + 1);
    for (let id = 1; id <= size; id++) out[id] = sums[at + k * size + id - 1]!;
    return out;
  };
  return rankLabelCounts(ctx.taxonomy, counts(0), counts(1), counts(2), opts.limit);
}

/** Labels with any count, by name, and the `limit` most over- and under-predicted ones. */
function rankLabelCounts(taxonomy: Taxonomy, tp: Float64Array, fp: Float64Array, fn: Float64Array, limit = 10): LabelConfusion {
  const size = taxonomy.size;
  const labels: LabelCounts[] = [];
  for (let id = 1; id <= size; id++) {
    if (tp[id] === 0 && fp[id] === 0 && fn[id] === 0) continue;
    labels.push({ label: taxonomy.names[id]!, depth: taxonomy.depth[id]!, tp: tp[id]!, fp: fp[id]!, fn: fn[id]! });
  }
  labels.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const top = (key: "fp" | "fn") =>
    labels
      .filter((l) => l[key] > 0)
      .sort((a, b) => b[key] - a[key])
      .slice(0, limit);
  return { labels, overPredicted: top("fp"), underPredicted: top("fn") };
}
