export { isJobName, JOBS, type JobName, type JobPayload, type JobResult, type JobWorker } from "./job-map.ts";
export { BOARD_JOB, boardJobId, type BoardJobData } from "./jobs/board.ts";
export { BOARD_REPAIR_JOB } from "./jobs/board-repair.ts";
export { MAIL_JOB, type MailJobData } from "./jobs/mail.ts";
export { SCORING_SHARD_JOB, type ScoringShardJobData } from "./jobs/score-shard.ts";
export { SCORING_JOB, scoringJobId, scoringShardJobId, type ScoringJobData } from "./jobs/scoring.ts";
export { createRedisConnection } from "./redis-connection.ts";
export {
  addScoringShards,
  createScoringQueue,
  enqueueBoard,
  enqueueScoring,
  enqueueBoardRepair,
  SCORING_QUEUE,
  type ScoringQueue,
} from "./scoring-queue.ts";
export { enqueueMail, schedulePhaseCalendarSweep } from "./enqueue-mail.ts";
