export {
  createScoringQueue,
  DEFAULT_QUEUE_PREFIX,
  enqueueScoring,
  SCORING_JOB_OPTIONS,
  SCORING_QUEUE,
  scoringJobId,
  scoringJobSchema,
  type ScoringJobData,
  type ScoringJobInput,
  type ScoringQueue,
} from "./scoring-queue.ts";
export { createRedisConnection, type RedisRole } from "./redis-connection.ts";
