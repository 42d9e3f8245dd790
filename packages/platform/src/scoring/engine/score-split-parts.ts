import type { Evaluation, RecordedStatistics } from "@hierboard/metrics";
import { scoresFromEvaluation, type ComputedScores } from "./compute-scores.ts";
import type { RecordedNodeStatistics } from "../statistics/record-node-statistics.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { recordedFamilies } from "../statistics/recorded-families.ts";
import { storedAnalysis, type StoredAnalysis } from "../statistics/stored-analysis.ts";
import { SPLIT_PARTS, type GoldSplit, type SplitPart } from "../../gold-split/gold-part.ts";
import { recordingOfPart } from "../../gold-split/recording-of-part.ts";

/** One part's scores and stored analysis, beside the whole's. */
export interface PartScores {
  part: SplitPart;
  scores: ComputedScores;
  analysis: StoredAnalysis;
  /** The explorer's per-node statistics of the part; only when the file was scored whole. */
  nodes?: RecordedNodeStatistics | null;
}

/**
 * Scores the public and the private part of a split gold from the whole's per-document
 * statistics (`recorded`, every family the whole was scored with): each part reduces the sum of
 * its own documents (count → reduce), so its measures are those of the part scored alone, its
 * intervals resample its own documents, and its stored statistics serve tie tests on that part.
 * The warnings are the whole file's (they name no gold ids).
 */
export function scoreSplitParts(
  setup: Pick<ScoringSetup, "subtask">,
  whole: Evaluation,
  recorded: RecordedStatistics,
  split: GoldSplit,
): PartScores[] {
  return SPLIT_PARTS.map((part) => {
    const ofPart = recordingOfPart(recorded, split, part);
    const evaluation = { ...ofPart.accumulator.compute(ofPart.total()), options: whole.options, warnings: whole.warnings } as Evaluation;
    return {
      part,
      scores: scoresFromEvaluation(setup, evaluation, () => ofPart),
      analysis: storedAnalysis(ofPart.restrict(recordedFamilies(setup.subtask.primaryMeasure))),
    };
  });
}
