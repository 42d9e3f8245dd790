import { ShardMerger, type Evaluation, type RecordedStatistics } from "@hierboard/metrics";
import type { ScoringSetup } from "../../scoring/load-scoring-setup.ts";
import { RECORDING_MAX_DOCUMENTS } from "../../statistics/recorded-families.ts";
import { decodeShardResult, type EncodedShardResult } from "./shard-result.ts";
import { perDocumentFamilies, scoringLayout } from "./scoring-layout.ts";

export interface MergedShards {
  evaluation: Evaluation;
  /** Every document's statistics in gold order: all families with bootstrap intervals, else the `perDocumentFamilies` (restrict to them). */
  record: () => RecordedStatistics;
}

/**
 * Merges shard results, decoded one at a time, with the engine's `ShardMerger` into exactly what
 * `evaluate` (and `recordEvaluation`) give for the whole file. The per-document recording is kept
 * only when something will read it: bootstrap intervals, or a gold file small enough to store it.
 */
export function mergeShardResults(setup: ScoringSetup, fileName: string, results: Iterable<EncodedShardResult>): MergedShards {
  const layout = scoringLayout(setup.taxonomy);
  const record = setup.subtask.bootstrap > 0 || setup.gold.documents <= RECORDING_MAX_DOCUMENTS;
  const merger = new ShardMerger(layout, setup.gold, {
    fileName,
    perDocument: perDocumentFamilies(layout, setup.subtask),
    missingDocuments: setup.subtask.missingDocuments,
    // Stored warnings are shown to the team: no gold ids (see computeScores).
    nameMissingIds: false,
    record,
  });
  for (const result of results) merger.add(decodeShardResult(result));
  const { evaluation, recorded } = merger.finish();
  return {
    evaluation,
    record: () => {
      if (!recorded) throw new Error("the merge kept no per-document statistics (no bootstrap, gold over the recording limit)");
      return recorded;
    },
  };
}
