import type { Db } from "@hierboard/db";
import type { BoardJobData, JobPayload, JobResult, MailJobData } from "@hierboard/queue";
import { scoreSubmission, type ScoringSummary } from "../scoring/score-submission.ts";
import type { ShardLimits } from "../scoring/shards/plan-shards.ts";
import type { ShardingPlan, WaitingForShards } from "../scoring/shards/sharding-plan.ts";
import { submissionBoard } from "../scoring/store/submission-board.ts";

export interface ScoringJobDeps {
  db: Db;
  /** Submissions over either limit are scored through shard jobs; absent: never sharded. */
  shardLimits?: ShardLimits;
  /** Stores the sharding plan with the job, so that its next run reads it back as `payload.plan`. */
  savePlan(plan: ShardingPlan): Promise<void>;
  /** Time budget in seconds (see `scoreSubmission`); absent: none. */
  budgetSeconds?: number;
  /** Reports progress (0–100) to whoever watches the job. */
  progress?(percent: number): Promise<void>;
  /** Puts a board's tie-test job on the queue. */
  enqueueBoard(board: BoardJobData): Promise<void>;
  /** Puts a mail job on the queue; absent: mail is off. */
  enqueueMail?(mail: MailJobData): Promise<void>;
  log?: (line: string) => void;
  /** Test hooks: wait after the submission is claimed, and inside the score-writing transaction. */
  pauseMs?: number;
  writePauseMs?: number;
}

/**
 * The scoring job of one submission: scores it (in one run, or by shards: then the result names
 * the shards still to score, and a later run merges them), then enqueues its board's tie tests and
 * the outcome mail (scored in one run or merged from shards alike). Its errors carry their own retry decision (`isRetryable`).
 */
export async function scoringJob(payload: JobPayload<"scoring">, deps: ScoringJobDeps): Promise<JobResult<"scoring"> | WaitingForShards> {
  const { db, shardLimits } = deps;
  let summary: ScoringSummary | undefined;
  const outcome = await scoreSubmission(db, payload.submissionId, {
    onScored: (scored) => {
      summary = scored;
    },
    progress: deps.progress,
    pauseMs: deps.pauseMs,
    budgetSeconds: deps.budgetSeconds,
    writePauseMs: deps.writePauseMs,
    log: deps.log,
    sharding: shardLimits ? { limits: shardLimits, planned: payload.plan, savePlan: deps.savePlan } : undefined,
  });
  if (typeof outcome !== "string") return outcome;
  if (outcome !== "already-final") {
    const board = await submissionBoard(db, payload.submissionId);
    if (board) await deps.enqueueBoard(board);
    await deps.enqueueMail?.({ kind: "submission-outcome", submissionId: payload.submissionId });
  }
  return { outcome, ...summary };
}
