import type { Db } from "@hierboard/db";
import { AppError, computeScores, loadScoringSetup, parsePrediction } from "@hierboard/platform";
import { writeScoreRows } from "./write-score-rows.ts";

export type ScoreOutcome = "scored" | "already-final";

export interface ScoreSubmissionOptions {
  /** Reports progress (0–100) to the job. */
  progress?: (percent: number) => Promise<void>;
  /** Test hook: wait after the submission is marked SCORING. */
  pauseMs?: number;
}

/** Thrown for input that can never be scored; the job becomes FAILED with this message. */
export class UnscorableSubmission extends Error {
  override readonly name = "UnscorableSubmission";
}

/**
 * Scores one submission: QUEUED → SCORING, parse and evaluate with the engine (taxonomy and gold
 * cached by hash), then in ONE transaction upsert the score set and every score row and move
 * SCORING → SCORED. Safe to run again after a crash at any point: a submission found in SCORING
 * is resumed, one already SCORED or FAILED is left alone, and the upserts never duplicate rows.
 */
export async function scoreSubmission(db: Db, submissionId: string, opts: ScoreSubmissionOptions = {}): Promise<ScoreOutcome> {
  const claimed = await db.submission.updateMany({
    where: { id: submissionId, status: "QUEUED" },
    data: { status: "SCORING", startedAt: new Date(), errorMessage: null },
  });
  if (claimed.count === 0) {
    const current = await db.submission.findUnique({ where: { id: submissionId }, select: { status: true } });
    if (!current) throw new UnscorableSubmission(`submission ${submissionId} does not exist`);
    // SCORING means an earlier attempt died mid-job (stalled or retried): resume it.
    if (current.status !== "SCORING") return "already-final";
  }
  await opts.progress?.(10);
  if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));

  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { subtaskId: true, phaseId: true, content: true, fileName: true },
  });
  let setup;
  let scores;
  try {
    setup = await loadScoringSetup(db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId });
    await opts.progress?.(30);
    const pred = parsePrediction(setup, submission.content, submission.fileName);
    await opts.progress?.(50);
    scores = computeScores(setup, pred);
  } catch (error) {
    if (error instanceof AppError && ["INVALID_FILE", "GOLD_MISSING", "NOT_FOUND"].includes(error.code)) {
      throw new UnscorableSubmission(error.message);
    }
    throw error;
  }
  await opts.progress?.(80);

  const { goldVersion } = setup;
  await db.$transaction(async (tx) => {
    const set = await tx.scoreSet.upsert({
      where: { submissionId_goldVersion: { submissionId, goldVersion } },
      create: {
        submissionId,
        goldVersion,
        breakdown: scores.breakdown as object,
        warnings: scores.warnings,
        documents: scores.documents,
        engineVersion: scores.engineVersion,
        taxonomyHash: setup.taxonomyHash,
        goldHash: setup.goldHash,
      },
      update: {
        breakdown: scores.breakdown as object,
        warnings: scores.warnings,
        documents: scores.documents,
        engineVersion: scores.engineVersion,
        taxonomyHash: setup.taxonomyHash,
        goldHash: setup.goldHash,
      },
    });
    await writeScoreRows(tx, { submissionId, scoreSetId: set.id, goldVersion }, scores.rows);
    await tx.submission.updateMany({
      where: { id: submissionId, status: "SCORING" },
      data: { status: "SCORED", finishedAt: new Date(), errorMessage: null },
    });
  });
  await opts.progress?.(100);
  return "scored";
}

/** Moves a submission to FAILED with its reason, from QUEUED or SCORING only. */
export async function failSubmission(db: Db, submissionId: string, message: string): Promise<void> {
  await db.submission.updateMany({
    where: { id: submissionId, status: { in: ["QUEUED", "SCORING"] } },
    data: { status: "FAILED", errorMessage: message.slice(0, 4000), finishedAt: new Date() },
  });
}
