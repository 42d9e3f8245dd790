// The scoring queue's job handlers, one per job kind: `(payload, deps) → result`, knowing nothing of
// the queue's library. The worker registers them; the job map (`@hierboard/queue`) types both ends.
export { boardJob } from "./board-job.ts";
export { boardRepairJob } from "./board-repair-job.ts";
export { failScoring } from "./fail-scoring.ts";
export { mailJob } from "./mail-job.ts";
export { scoringJob } from "./scoring-job.ts";
export { shardJob } from "./shard-job.ts";
export { isWaitingForShards, type WaitingForShards } from "../scoring/shards/sharding-plan.ts";
export type { ShardLimits } from "../scoring/shards/plan-shards.ts";
