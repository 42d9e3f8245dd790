import { recordEvaluation, type LabelFile } from "@hierboard/metrics";
import { evaluationInput } from "../engine/evaluation-input.ts";
import { withInputErrors } from "../../errors/app-error.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { RECORDING_MAX_DOCUMENTS, recordedFamilies } from "./recorded-families.ts";
import { storedAnalysis, type StoredAnalysis } from "./stored-analysis.ts";

/**
 * What the worker stores beside a parsed prediction's scores: its per-document statistics of the
 * recorded families (flat, HC, hP/hR and the primary measure's, plus `extraFamilies`) and the
 * label analysis. Nothing above `RECORDING_MAX_DOCUMENTS` gold documents.
 */
export function recordPrediction(setup: ScoringSetup, pred: LabelFile, extraFamilies: readonly string[] = []): StoredAnalysis {
  if (setup.gold.documents > RECORDING_MAX_DOCUMENTS) return storedAnalysis(null);
  const metrics = [...new Set([...recordedFamilies(setup.subtask.primaryMeasure), ...extraFamilies])];
  const recorded = withInputErrors(() => recordEvaluation({ ...evaluationInput(setup, pred), metrics }));
  return storedAnalysis(recorded);
}
