// The one map of the scoring queue's jobs: each job name's payload schema, default options and
// result type. Producers add jobs through it (`addJob`) and the worker parses payloads with it.
import type { JobsOptions, Worker } from "bullmq";
import type { z } from "zod";
import { BOARD_JOB, BOARD_JOB_OPTIONS, boardJobSchema, type BoardJobData, type BoardJobResult } from "./jobs/board.ts";
import {
  BOARD_REPAIR_JOB,
  BOARD_REPAIR_JOB_OPTIONS,
  boardRepairJobSchema,
  type BoardRepairJobData,
  type BoardRepairJobResult,
} from "./jobs/board-repair.ts";
import { MAIL_JOB, MAIL_JOB_OPTIONS, mailJobSchema, type MailJobData, type MailJobResult } from "./jobs/mail.ts";
import {
  SCORING_SHARD_JOB,
  SCORING_SHARD_JOB_OPTIONS,
  scoringShardJobSchema,
  type ScoringShardJobData,
  type ScoringShardJobResult,
} from "./jobs/score-shard.ts";
import {
  SCORING_JOB,
  SCORING_JOB_OPTIONS,
  scoringJobSchema,
  type ScoringJobData,
  type ScoringJobInput,
  type ScoringJobResult,
} from "./jobs/scoring.ts";

/** Each job name's payload (as parsed, and as a producer may write it) and its result. */
interface JobTypes {
  [SCORING_JOB]: { payload: ScoringJobData; input: ScoringJobInput; result: ScoringJobResult };
  [SCORING_SHARD_JOB]: { payload: ScoringShardJobData; input: ScoringShardJobData; result: ScoringShardJobResult };
  [BOARD_JOB]: { payload: BoardJobData; input: BoardJobData; result: BoardJobResult };
  [BOARD_REPAIR_JOB]: { payload: BoardRepairJobData; input: BoardRepairJobData; result: BoardRepairJobResult };
  [MAIL_JOB]: { payload: MailJobData; input: MailJobData; result: MailJobResult };
}

export type JobName = keyof JobTypes;
export type JobPayload<N extends JobName> = JobTypes[N]["payload"];
export type JobInput<N extends JobName> = JobTypes[N]["input"];
export type JobResult<N extends JobName> = JobTypes[N]["result"];
/** A BullMQ worker of the queue: any job of the map, with its payload and result typed by its name. */
export type JobWorker = Worker<JobPayload<JobName>, JobResult<JobName>, string>;

interface JobDefinition<N extends JobName> {
  payload: z.ZodType<JobPayload<N>, JobInput<N>>;
  options: JobsOptions;
}

/** Every job of the scoring queue by name: the schema its payload is parsed with, and its default options. */
export const JOBS: { readonly [N in JobName]: JobDefinition<N> } = {
  [SCORING_JOB]: { payload: scoringJobSchema, options: SCORING_JOB_OPTIONS },
  [SCORING_SHARD_JOB]: { payload: scoringShardJobSchema, options: SCORING_SHARD_JOB_OPTIONS },
  [BOARD_JOB]: { payload: boardJobSchema, options: BOARD_JOB_OPTIONS },
  [BOARD_REPAIR_JOB]: { payload: boardRepairJobSchema, options: BOARD_REPAIR_JOB_OPTIONS },
  [MAIL_JOB]: { payload: mailJobSchema, options: MAIL_JOB_OPTIONS },
};

/** Whether a job read back from Redis has a name of the map (anything else is not ours to run). */
export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
