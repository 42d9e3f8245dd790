import { Queue, type DefaultJobOptions } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";

/** The one queue scoring jobs travel through. */
export const SCORING_QUEUE = "scoring";

/** Redis key prefix of HierBoard queues; tests use a unique one each. */
export const DEFAULT_QUEUE_PREFIX = "hierboard";

/** Payload of a scoring job. */
export const scoringJobSchema = z.object({
  submissionId: z.string().min(1),
  /** Why the job was enqueued, for logs: a fresh upload or a sweep of stuck submissions. */
  reason: z.enum(["upload", "requeue"]).default("upload"),
});
export type ScoringJobData = z.infer<typeof scoringJobSchema>;
export type ScoringJobInput = z.input<typeof scoringJobSchema>;

/** `score-<submissionId>`: enqueueing the same submission twice is harmless. */
export function scoringJobId(submissionId: string): string {
  return `score-${submissionId}`;
}

/**
 * Retries with exponential backoff (2 s, 4 s, 8 s, 16 s) for transient failures; input errors are
 * thrown as UnrecoverableError by the worker and never retried. Finished jobs are kept for a day
 * (so a duplicate enqueue within that window is a no-op) and failed ones for a week.
 */
export const SCORING_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const satisfies DefaultJobOptions;

export type ScoringQueue = Queue<ScoringJobData, void, typeof SCORING_QUEUE>;

export function createScoringQueue(connection: Redis, opts: { prefix?: string } = {}): ScoringQueue {
  return new Queue<ScoringJobData, void, typeof SCORING_QUEUE>(SCORING_QUEUE, {
    connection,
    prefix: opts.prefix ?? DEFAULT_QUEUE_PREFIX,
    defaultJobOptions: SCORING_JOB_OPTIONS,
  });
}

/**
 * Adds the scoring job of one submission. Idempotent by job id while a job is waiting, running or
 * retained; with `replace`, a finished (completed or failed) job is removed first so that the
 * submission is scored again (re-scoring after a gold change).
 */
export async function enqueueScoring(
  queue: ScoringQueue,
  submissionId: string,
  opts: { reason?: ScoringJobInput["reason"]; replace?: boolean } = {},
) {
  const data = scoringJobSchema.parse({ submissionId, reason: opts.reason ?? "upload" });
  const jobId = scoringJobId(submissionId);
  if (opts.replace) {
    const existing = await queue.getJob(jobId);
    if (existing && ((await existing.isCompleted()) || (await existing.isFailed()))) await existing.remove();
  }
  return queue.add(SCORING_QUEUE, data, { jobId });
}
