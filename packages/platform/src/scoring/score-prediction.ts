import { recordPrediction } from "../statistics/record-prediction.ts";
import type { StoredAnalysis } from "../statistics/stored-analysis.ts";
import { computeScores, type ComputedScores } from "./compute-scores.ts";
import { parsePrediction, type ScoringSetup } from "./load-scoring-setup.ts";

export interface ScoredPrediction {
  scores: ComputedScores;
  analysis: StoredAnalysis;
}

/** The CPU-bound part of scoring a whole file: parse (with the labels-per-document limit), evaluate, record. */
export function scorePrediction(setup: ScoringSetup, content: Uint8Array, fileName: string): ScoredPrediction {
  const pred = parsePrediction(setup, content, fileName, true);
  return { scores: computeScores(setup, pred), analysis: recordPrediction(setup, pred) };
}
