import { failScoring, shardJob } from "@hierboard/platform/jobs";
import type { Db } from "@hierboard/platform";
import type { MailJobData } from "@hierboard/queue";
import type { JobRegistration } from "./job-worker.ts";
import { memoryNow } from "./memory-now.ts";

export interface ShardJobOptions {
  db: Db;
  budgetSeconds?: number;
  pauseMs?: number;
  /** Absent: mail is off. */
  enqueueMail?(mail: MailJobData): Promise<void>;
}

/** One shard of a sharded submission (`score-<id>-shard-<k>`), on whichever worker takes it; a shard that fails for good fails its submission. */
export function shardJobRegistration(opts: ShardJobOptions): JobRegistration<"score-shard"> {
  return {
    run: (payload) => shardJob(payload, opts),
    describe: (_result, payload) => `${payload.documents} documents (${memoryNow()})`,
    failedForGood: (payload, failure) => failScoring(payload.submissionId, failure, opts),
  };
}
