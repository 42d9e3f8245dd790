import { type FlowProducer, type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { JOBS, type JobInput, type JobName, type JobPayload, type JobResult } from "./job-map.ts";
import { BOARD_JOB, boardJobId, type BoardJobData } from "./jobs/board.ts";
import { BOARD_REPAIR_JOB, BOARD_REPAIR_JOB_ID } from "./jobs/board-repair.ts";
import { SCORING_SHARD_JOB, type ScoringShardJobData } from "./jobs/score-shard.ts";
import { SCORING_JOB, SCORING_JOB_OPTIONS, scoringJobId, scoringShardJobId, type ScoringJobInput } from "./jobs/scoring.ts";

/** The one queue scoring jobs travel through. */
export const SCORING_QUEUE = "scoring";

/** Redis key prefix of HierBoard queues; tests use a unique one each. */
export const DEFAULT_QUEUE_PREFIX = "hierboard";

/** The scoring queue: every job of the map travels through it (names are strings: scheduler ids share them). */
export type ScoringQueue = Queue<JobPayload<JobName>, JobResult<JobName>, string>;

export function createScoringQueue(connection: Redis, opts: { prefix?: string } = {}): ScoringQueue {
  return new Queue<JobPayload<JobName>, JobResult<JobName>, string>(SCORING_QUEUE, {
    connection,
    prefix: opts.prefix ?? DEFAULT_QUEUE_PREFIX,
    defaultJobOptions: SCORING_JOB_OPTIONS,
  });
}

/** Adds one job of the map: its payload parsed with the job's schema, under the job's default options and `opts`. */
export async function addJob<N extends JobName>(
  queue: ScoringQueue,
  name: N,
  input: JobInput<N>,
  opts: (data: JobPayload<N>) => JobsOptions,
) {
  const { payload, options } = JOBS[name];
  const data = payload.parse(input);
  return queue.add(name, data, { ...options, ...opts(data) });
}

/** Adds the tie-test job of one board (idempotent by job id while it waits). */
export async function enqueueBoard(queue: ScoringQueue, board: BoardJobData) {
  return addJob(queue, BOARD_JOB, board, (data) => ({ jobId: boardJobId(data.phaseId, data.subtaskId) }));
}

/**
 * Adds the boards' repair sweep (idempotent by job id while it waits). Each worker adds it on a
 * timer; unlike a job scheduler, this leaves no delayed job in the queue between sweeps.
 */
export async function enqueueBoardRepair(queue: ScoringQueue) {
  return addJob(queue, BOARD_REPAIR_JOB, {}, () => ({ jobId: BOARD_REPAIR_JOB_ID }));
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
  const jobId = scoringJobId(submissionId);
  if (opts.replace) {
    const existing = await queue.getJob(jobId);
    if (existing && ((await existing.isCompleted()) || (await existing.isFailed()))) await existing.remove();
  }
  const input = { submissionId, reason: opts.reason ?? "upload", ...(opts.requestId ? { requestId: opts.requestId } : {}) };
  return addJob(queue, SCORING_JOB, input, () => ({ jobId }));
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
  const { payload, options } = JOBS[SCORING_SHARD_JOB];
  return flows.addBulk(
    shards.map((shard) => ({
      name: SCORING_SHARD_JOB,
      queueName: SCORING_QUEUE,
      prefix,
      data: payload.parse(shard),
      opts: {
        ...options,
        jobId: scoringShardJobId(shard.submissionId, shard.shard),
        parent: { id: parent.id, queue: parent.queueQualifiedName },
      },
    })),
  );
}
