// What the worker does after scoring, for tests and benchmarks that run without one.
import type { Db } from "@hierboard/db";
import { boardJob } from "../jobs/board-job.ts";
import type { GoldPart } from "../gold-split/gold-part.ts";
import { WHOLE_GOLD } from "../gold-split/gold-part.ts";
import type { ScoreRow } from "../scoring/engine/compute-scores.ts";
import { loadScoringSetup } from "../scoring/setup/load-scoring-setup.ts";
import { scorePrediction } from "../scoring/engine/score-prediction.ts";
import { scoreSetFields, type ScoreSetFields } from "../scoring/store/score-set-fields.ts";
import { writeScoreRows } from "../scoring/store/write-score-rows.ts";

/**
 * Stores the given score rows as the submission's score set for `goldVersion` and marks it SCORED
 * at `finishedAt`, in one transaction, like the worker, through the same exact score writer; with
 * `scoreSet` (from `scoreSetFields`) the score set holds what the worker stores.
 */
export async function storeScores(
  db: Db,
  submissionId: string,
  rows: readonly ScoreRow[],
  opts: { goldVersion?: number; finishedAt?: Date; scoreSet?: ScoreSetFields; part?: GoldPart } = {},
): Promise<void> {
  const goldVersion = opts.goldVersion ?? 1;
  const part = opts.part ?? WHOLE_GOLD;
  // Without the engine's result, a placeholder score set: the rows are what the caller tests.
  const placeholder = { breakdown: {}, warnings: [], documents: 0, engineVersion: "test", taxonomyHash: "-", goldHash: "-" };
  await db.$transaction(async (tx) => {
    const set = await tx.scoreSet.upsert({
      where: { submissionId_goldVersion_part: { submissionId, goldVersion, part } },
      create: { submissionId, goldVersion, part, ...(opts.scoreSet ?? placeholder) },
      update: opts.scoreSet ?? {},
    });
    await tx.score.deleteMany({ where: { submissionId, goldVersion, part } });
    await writeScoreRows(tx, { submissionId, scoreSetId: set.id, goldVersion, part }, rows);
    await tx.submission.update({
      where: { id: submissionId },
      data: { status: "SCORED", finishedAt: opts.finishedAt ?? new Date(), errorMessage: null },
    });
  });
}

/**
 * Scores a stored submission with the engine, exactly as the worker would, stores the result with
 * its statistics, then runs the board job the worker would enqueue (tie tests and stored boards; unless `boardJob: false`).
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
  const { scores: computed, analysis, parts } = scorePrediction(setup, submission.content, submission.fileName);
  for (const p of parts) {
    await storeScores(db, submissionId, p.scores.rows, {
      goldVersion: setup.goldVersion,
      finishedAt: opts.finishedAt,
      scoreSet: scoreSetFields(setup, p.scores, p.analysis),
      part: p.part,
    });
  }
  await storeScores(db, submissionId, computed.rows, {
    goldVersion: setup.goldVersion,
    finishedAt: opts.finishedAt,
    scoreSet: scoreSetFields(setup, computed, analysis),
  });
  if (opts.boardJob !== false) await boardJob({ phaseId: submission.phaseId, subtaskId: submission.subtaskId }, { db });
  return computed.rows;
}
