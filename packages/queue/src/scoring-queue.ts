import { type FlowProducer, Queue, type DefaultJobOptions } from "bullmq";
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
  /** The id of the HTTP request that enqueued it, so the worker's log lines for it carry that id. */
  requestId: z.string().min(1).max(200).optional(),
  /**
   * Set by the worker when it splits the submission into shards (never by a producer): the gold
   * version every shard scores against and the shards themselves, so that a retried or resumed
   * parent merges the same flow.
   */
  plan: z
    .object({
      goldVersion: z.number().int().min(1),
      shards: z.array(z.lazy(() => scoringShardJobSchema)),
    })
    .optional(),
});
export type ScoringJobData = z.infer<typeof scoringJobSchema>;
export type ScoringJobInput = z.input<typeof scoringJobSchema>;

/** Job name of a submission's scoring job (the parent of its shards when it is sharded). */
export const SCORING_JOB = "scoring";
/** Job name of one document shard of a sharded submission. */
export const SCORING_SHARD_JOB = "score-shard";

/**
 * Payload of one shard: a byte range of the stored prediction that starts at a document line
 * (`firstLine` is its 1-based line number) and holds `documents` documents of the chosen section.
 */
export const scoringShardJobSchema = z.object({
  submissionId: z.string().min(1),
  shard: z.number().int().min(0),
  shards: z.number().int().min(1),
  goldVersion: z.number().int().min(1),
  byteStart: z.number().int().min(0),
  byteEnd: z.number().int().min(0),
  firstLine: z.number().int().min(1),
  documents: z.number().int().min(0),
  /** The detected format of the whole file, forced on the shard's parser. */
  format: z.enum(["tsv", "jsonl", "germeval"]),
  /** GermEval files: the section in force where the shard starts. */
  section: z.enum(["a", "b"]).optional(),
});
export type ScoringShardJobData = z.infer<typeof scoringShardJobSchema>;

/** Job name of a board's tie-test job (one per phase and subtask). */
export const BOARD_JOB = "board";

/** Payload of a board job: test the changed neighbour pairs of one board and store its ties. */
export const boardJobSchema = z.object({
  phaseId: z.string().min(1),
  subtaskId: z.string().min(1),
});
export type BoardJobData = z.infer<typeof boardJobSchema>;

/** `board-<phaseId>-<subtaskId>`: while one is waiting, more enqueues of the same board are no-ops. */
export function boardJobId(phaseId: string, subtaskId: string): string {
  return `board-${phaseId}-${subtaskId}`;
}

/**
 * A board job is removed as soon as it ends, so the next score enqueues a fresh one; the job
 * itself runs again while the ranking changed under it, and a board read that finds an untested
 * pair enqueues it too, so no score is left without its test.
 */
export const BOARD_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

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

/**
 * Shards retry like whole jobs; a shard that fails for good fails its parent (and so the
 * submission). A finished shard is removed at once: its result lives in Postgres (ScoringShard),
 * which is what the merge reads; the parent's list of processed children holds only shard numbers.
 */
export const SCORING_SHARD_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
  failParentOnFailure: true,
} as const;

export type ScoringQueue = Queue<ScoringJobData, void, string>;

/** Adds the tie-test job of one board (idempotent by job id while it waits). */
export async function enqueueBoard(queue: ScoringQueue, board: BoardJobData) {
  const data = boardJobSchema.parse(board);
  return (queue as unknown as Queue<BoardJobData, void, string>).add(BOARD_JOB, data, {
    ...BOARD_JOB_OPTIONS,
    jobId: boardJobId(data.phaseId, data.subtaskId),
  });
}

export function createScoringQueue(connection: Redis, opts: { prefix?: string } = {}): ScoringQueue {
  return new Queue<ScoringJobData, void, string>(SCORING_QUEUE, {
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
  opts: { reason?: ScoringJobInput["reason"]; replace?: boolean; requestId?: string } = {},
) {
  const data = scoringJobSchema.parse({
    submissionId,
    reason: opts.reason ?? "upload",
    ...(opts.requestId ? { requestId: opts.requestId } : {}),
  });
  const jobId = scoringJobId(submissionId);
  if (opts.replace) {
    const existing = await queue.getJob(jobId);
    if (existing && ((await existing.isCompleted()) || (await existing.isFailed()))) await existing.remove();
  }
  return queue.add(SCORING_JOB, data, { jobId });
}

/**
 * Adds the shard jobs of a running scoring job as its children, in one BullMQ flow: the parent
 * waits for all of them and is then processed again to merge. Shards already added (a retried
 * parent) are left as they are, since their ids are fixed.
 */
export async function addScoringShards(
  flows: FlowProducer,
  parent: { id: string; queueQualifiedName: string },
  shards: readonly ScoringShardJobData[],
  prefix: string,
) {
  return flows.addBulk(
    shards.map((shard) => ({
      name: SCORING_SHARD_JOB,
      queueName: SCORING_QUEUE,
      prefix,
      data: scoringShardJobSchema.parse(shard),
      opts: {
        ...SCORING_SHARD_JOB_OPTIONS,
        jobId: scoringShardJobId(shard.submissionId, shard.shard),
        parent: { id: parent.id, queue: parent.queueQualifiedName },
      },
    })),
  );
}
