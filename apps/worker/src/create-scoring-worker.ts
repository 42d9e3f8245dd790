import type { Db } from "@hierboard/db";
import { SCORING_QUEUE, scoringJobSchema, type ScoringJobData } from "@hierboard/queue";
import { UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { failSubmission, scoreSubmission, UnscorableSubmission } from "./score-submission.ts";

export interface ScoringWorkerOptions {
  db: Db;
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  pauseMs?: number;
  log?: (line: string) => void;
}

/**
 * The BullMQ worker of the scoring queue. Unscorable input → UnrecoverableError (no retry) and the
 * submission becomes FAILED with the reason; anything else is retried with the queue's backoff, and
 * the submission becomes FAILED only when the last attempt fails. A job whose worker died is
 * found stalled and run again (up to twice).
 */
export function createScoringWorker(opts: ScoringWorkerOptions): Worker<ScoringJobData, void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const worker = new Worker<ScoringJobData, void>(
    SCORING_QUEUE,
    async (job: Job<ScoringJobData, void>) => {
      const parsed = scoringJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`malformed job payload: ${parsed.error.message}`);
      const { submissionId } = parsed.data;
      try {
        const outcome = await scoreSubmission(opts.db, submissionId, {
          progress: (percent) => job.updateProgress(percent),
          pauseMs: opts.pauseMs,
        });
        log(`[worker] ${job.id}: ${outcome}`);
      } catch (error) {
        if (error instanceof UnscorableSubmission) {
          await failSubmission(opts.db, submissionId, error.message);
          throw new UnrecoverableError(error.message);
        }
        throw error;
      }
    },
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockDurationMs,
      stalledInterval: opts.stalledIntervalMs,
      maxStalledCount: 2,
      autorun: false,
    },
  );

  worker.on("failed", (job, error) => {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof UnrecoverableError || error.name === "UnrecoverableError" || job.attemptsMade >= attempts;
    log(`[worker] ${job.id} failed (attempt ${job.attemptsMade}/${attempts}${final ? ", final" : ""}): ${error.message}`);
    if (final && !(error instanceof UnrecoverableError)) {
      const submissionId = (job.data as Partial<ScoringJobData>).submissionId;
      if (submissionId) {
        failSubmission(opts.db, submissionId, `scoring failed after ${job.attemptsMade} attempts: ${error.message}`).catch((e: unknown) =>
          log(`[worker] could not mark ${submissionId} FAILED: ${(e as Error).message}`),
        );
      }
    }
  });
  worker.on("error", (error) => log(`[worker] error: ${error.message}`));
  return worker;
}
