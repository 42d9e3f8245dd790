import { checkPredictionIds } from "../../labels/check-prediction-ids.ts";
import type { LabelFile, MissingDocumentPolicy } from "../../labels/label-file.ts";
import { prepareDocuments, scoringContext } from "../../scoring/evaluate.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

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
  const labels: LabelCounts[] = [];
  for (let id = 1; id <= size; id++) {
    if (tp[id] === 0 && fp[id] === 0 && fn[id] === 0) continue;
    labels.push({ label: input.taxonomy.names[id]!, depth: input.taxonomy.depth[id]!, tp: tp[id]!, fp: fp[id]!, fn: fn[id]! });
  }
  labels.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const limit = input.limit ?? 10;
  const top = (key: "fp" | "fn") =>
    labels
      .filter((l) => l[key] > 0)
      .sort((a, b) => b[key] - a[key])
      .slice(0, limit);
  return { labels, overPredicted: top("fp"), underPredicted: top("fn") };
}
