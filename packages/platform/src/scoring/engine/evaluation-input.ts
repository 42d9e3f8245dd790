import { keepGoldProteins, MEASURE_FAMILIES, type LabelFile } from "@hierboard/metrics";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { storedCafaOptions } from "../../cafa/cafa-subtask-options.ts";

/**
 * The engine's `extra` options of a CAFA-style subtask: its CAFA options and the taxonomy
 * version's IA weights; undefined for any other subtask. One copy for whole-file scoring, shards
 * and stored statistics, so all of them reduce with the same options.
 */
export function cafaExtra(setup: {
  subtask: Pick<ScoringSetup["subtask"], "cafa">;
  ia?: ScoringSetup["ia"];
}): { cafa: Record<string, unknown> } | undefined {
  const cafa = storedCafaOptions(setup.subtask.cafa);
  return cafa ? { cafa: { ...cafa, ...(setup.ia ? { ia: setup.ia } : {}) } } : undefined;
}

/**
 * The engine input that scores a parsed prediction for a subtask: every label-set family, and for
 * a CAFA-style subtask the cafa family too, under the subtask's options and the taxonomy
 * version's IA weights. CAFA subtasks read the prediction as CAFA-evaluator does: proteins absent
 * from the gold are ignored (with a warning), gold proteins without a prediction score 0.
 */
export function evaluationInput(setup: Pick<ScoringSetup, "subtask" | "taxonomy" | "gold" | "ia">, pred: LabelFile) {
  const extra = cafaExtra(setup);
  const base = { taxonomy: setup.taxonomy, gold: setup.gold, nameMissingIds: false };
  if (!extra) return { ...base, pred, missingDocuments: setup.subtask.missingDocuments, metrics: "all" as const };
  return {
    ...base,
    pred: keepGoldProteins(pred, setup.gold),
    missingDocuments: "empty" as const,
    metrics: [...MEASURE_FAMILIES.map((f) => f.id), "cafa"],
    extra,
  };
}
