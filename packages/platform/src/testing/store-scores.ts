// What the worker does after scoring, for tests and benchmarks that run without one.
import type { Db } from "@hierboard/db";
import { updateBoardTies } from "../leaderboard/update-board-ties.ts";
import { computeScores, type ScoreRow } from "../scoring/compute-scores.ts";
import { loadScoringSetup, parsePrediction } from "../scoring/load-scoring-setup.ts";
import { scoreSetFields, type ScoreSetFields } from "../scoring-lifecycle/score-set-fields.ts";
import { writeScoreRows } from "../scoring-lifecycle/write-score-rows.ts";
import { recordPrediction } from "../statistics/record-prediction.ts";

/**
 * Stores the given score rows as the submission's score set for `goldVersion` and marks it SCORED
 * at `finishedAt`, in one transaction, like the worker, through the same exact score writer; with
 * `scoreSet` (from `scoreSetFields`) the score set holds what the worker stores.
 */
export async function storeScores(
  db: Db,
  submissionId: string,
  rows: readonly ScoreRow[],
  opts: { goldVersion?: number; finishedAt?: Date; scoreSet?: ScoreSetFields } = {},
): Promise<void> {
  const goldVersion = opts.goldVersion ?? 1;
  // Without the engine's result, a placeholder score set: the rows are what the caller tests.
  const placeholder = { breakdown: {}, warnings: [], documents: 0, engineVersion: "test", taxonomyHash: "-", goldHash: "-" };
  await db.$transaction(async (tx) => {
    const set = await tx.scoreSet.upsert({
      where: { submissionId_goldVersion: { submissionId, goldVersion } },
      create: { submissionId, goldVersion, ...(opts.scoreSet ?? placeholder) },
      update: opts.scoreSet ?? {},
    });
    await tx.score.deleteMany({ where: { submissionId, goldVersion } });
    await writeScoreRows(tx, { submissionId, scoreSetId: set.id, goldVersion }, rows);
    await tx.submission.update({
      where: { id: submissionId },
      data: { status: "SCORED", finishedAt: opts.finishedAt ?? new Date(), errorMessage: null },
    });
  });
}

/**
 * Scores a stored submission with the engine, exactly as the worker would, stores the result with
 * its statistics, then runs the board job the worker would enqueue (unless `boardJob: false`).
 */
export async function scoreStoredSubmission(
  db: Db,
  submissionId: string,
  opts: { finishedAt?: Date; boardJob?: boolean } = {},
): Promise<ScoreRow[]> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { subtaskId: true, phaseId: true, content: true, fileName: true },
  });
  const setup = await loadScoringSetup(db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId });
  const pred = parsePrediction(setup, submission.content, submission.fileName);
  const computed = computeScores(setup, pred);
  await storeScores(db, submissionId, computed.rows, {
    goldVersion: setup.goldVersion,
    finishedAt: opts.finishedAt,
    scoreSet: scoreSetFields(setup, computed, recordPrediction(setup, pred)),
  });
  if (opts.boardJob !== false) await updateBoardTies(db, { phaseId: submission.phaseId, subtaskId: submission.subtaskId });
  return computed.rows;
}
