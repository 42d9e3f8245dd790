import { failScoring, scoringJob, type ShardLimits } from "@hierboard/platform/jobs";
import type { Db } from "@hierboard/platform";
import type { BoardJobData, MailJobData } from "@hierboard/queue";
import type { JobRegistration } from "./job-worker.ts";
import { memoryNow } from "./memory-now.ts";

export interface ScoringJobOptions {
  db: Db;
  shardLimits?: ShardLimits;
  budgetSeconds?: number;
  pauseMs?: number;
  writePauseMs?: number;
  log: (line: string) => void;
  enqueueBoard(board: BoardJobData): Promise<void>;
  /** Absent: mail is off. */
  enqueueMail?(mail: MailJobData): Promise<void>;
}

/** A submission's scoring job (`score-<id>`): scored in one run, or planned into shards and merged once they are done. */
export function scoringJobRegistration(opts: ScoringJobOptions): JobRegistration<"scoring"> {
  return {
    run: (payload, job) =>
      scoringJob(payload, {
        ...opts,
        progress: job.progress,
        savePlan: (plan) => job.update({ ...payload, plan }),
      }),
    describe: (result) => `${result.outcome} (${memoryNow()})`,
    failedForGood: (payload, failure) => failScoring(payload.submissionId, failure, opts),
  };
}
