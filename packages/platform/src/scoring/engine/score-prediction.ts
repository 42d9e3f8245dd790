import { recordNodeStatistics, type RecordedNodeStatistics } from "../statistics/record-node-statistics.ts";
import { recordPrediction } from "../statistics/record-prediction.ts";
import type { StoredAnalysis } from "../statistics/stored-analysis.ts";
import { recordEvaluation } from "@hierboard/metrics";
import { labelFileOfPart } from "../../gold-split/label-file-of-part.ts";
import { scoreSplitParts, type PartScores } from "./score-split-parts.ts";
import { evaluationInput } from "./evaluation-input.ts";
import { computeScores, type ComputedScores } from "./compute-scores.ts";
import { parsePrediction, type ScoringSetup } from "../setup/load-scoring-setup.ts";

export interface ScoredPrediction {
  scores: ComputedScores;
  analysis: StoredAnalysis;
  /** The explorer's per-node statistics over the whole gold. */
  nodes: RecordedNodeStatistics;
  /** With a split (`setup.split`): the public and the private part's scores. */
  parts: PartScores[];
}

/** The CPU-bound part of scoring a whole file: parse (with the labels-per-document limit), evaluate, record. */
export function scorePrediction(setup: ScoringSetup, content: Uint8Array, fileName: string): ScoredPrediction {
  const pred = parsePrediction(setup, content, fileName, true);
  const scores = computeScores(setup, pred);
  const { split } = setup;
  const parts = split
    ? scoreSplitParts(setup, scores.breakdown, recordEvaluation(evaluationInput(setup, pred)), split).map((p) => ({
        ...p,
        // Each part's per-node statistics, from the gold and the prediction cut to its documents.
        nodes:
          p.scores.documents === 0
            ? null
            : recordNodeStatistics(
                { ...setup, gold: labelFileOfPart(setup.gold, split, p.part) },
                labelFileOfPart(pred, split, p.part),
                p.scores.breakdown,
                p.part,
              ),
      }))
    : [];
  return { scores, analysis: recordPrediction(setup, pred), nodes: recordNodeStatistics(setup, pred, scores.breakdown), parts };
}
