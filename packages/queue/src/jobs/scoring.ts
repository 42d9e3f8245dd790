import type { DefaultJobOptions } from "bullmq";
import { z } from "zod";
import { scoringShardJobSchema } from "./score-shard.ts";

/** Job name of a submission's scoring job (the parent of its shards when it is sharded). */
export const SCORING_JOB = "scoring";

/** Payload of a scoring job. */
export const scoringJobSchema = z.object({
  submissionId: z.string().min(1),
  /** Why the job was enqueued, for logs: a fresh upload or a sweep of stuck submissions. */
  reason: z.enum(["upload", "requeue"]).default("upload"),
  /** The id of the HTTP request that enqueued it, so the worker's log lines for it carry that id. */
  requestId: z.string().min(1).max(200).optional(),
  /**
   * Set by the worker when it splits the submission into shards (never by a producer): the gold
   * version every shard scores against and the shards themselves, so that a retried or resumed
   * parent merges the same flow. It conforms to the platform's `ShardingPlan`.
   */
  plan: z
    .object({
      goldVersion: z.number().int().min(1),
      shards: z.array(scoringShardJobSchema),
    })
    .optional(),
});
export type ScoringJobData = z.infer<typeof scoringJobSchema>;
export type ScoringJobInput = z.input<typeof scoringJobSchema>;

/**
 * What a scoring job returns: how it ended, and once scores are stored the document count and the
 * seconds each measure family took (scored in one job only), which the duration metric reads.
 */
export interface ScoringJobResult {
  outcome: "scored" | "sharded" | "already-final";
  documents?: number;
  familySeconds?: Record<string, number>;
}

/** `score-<submissionId>`: enqueueing the same submission twice is harmless. */
export function scoringJobId(submissionId: string): string {
  return `score-${submissionId}`;
}

/** `score-<submissionId>-shard-<k>`: re-adding a shard of a running flow is harmless. */
export function scoringShardJobId(submissionId: string, shard: number): string {
  return `${scoringJobId(submissionId)}-shard-${shard}`;
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
