export {
  BOARD_JOB,
  boardJobId,
  boardJobSchema,
  enqueueBoard,
  createScoringQueue,
  enqueueScoring,
  SCORING_JOB,
  SCORING_SHARD_JOB,
  scoringShardJobId,
  scoringShardJobSchema,
  addScoringShards,
  type ScoringShardJobData,
  SCORING_QUEUE,
  scoringJobId,
  scoringJobSchema,
  type ScoringJobData,
  type ScoringQueue,
} from "./scoring-queue.ts";
export { createRedisConnection } from "./redis-connection.ts";
export {
  enqueueMail,
  MAIL_JOB,
  mailJobSchema,
  type MailJobData,
  schedulePhaseCalendarSweep,
} from "./mail-job.ts";
