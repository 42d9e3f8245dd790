import type { Db, Mailer } from "@hierboard/platform";
import type { ShardLimits } from "@hierboard/platform/jobs";
import {
  BOARD_JOB,
  BOARD_REPAIR_JOB,
  type BoardJobData,
  createScoringQueue,
  enqueueBoard,
  enqueueMail,
  MAIL_JOB,
  type MailJobData,
  SCORING_JOB,
  SCORING_SHARD_JOB,
  type JobWorker,
} from "@hierboard/queue";
import type { Redis } from "ioredis";
import type { WorkerObservers } from "./observability/observe-worker.ts";
import { boardJobRegistration } from "./jobs/board-job.ts";
import { boardRepairJobRegistration } from "./jobs/board-repair-job.ts";
import { createJobWorker } from "./jobs/job-worker.ts";
import { mailJobRegistration } from "./jobs/mail-job.ts";
import { scoringJobRegistration } from "./jobs/scoring-job.ts";
import { shardJobRegistration } from "./jobs/shard-job.ts";

export interface ScoringWorkerOptions {
  db: Db;
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Time budget of a scoring or shard job, in seconds; absent: none. */
  scoringBudgetSeconds?: number;
  /** Submissions over either limit are scored as a flow of shard jobs; absent: never sharded. */
  shardLimits?: ShardLimits;
  pauseMs?: number;
  shardPauseMs?: number;
  writePauseMs?: number;
  log?: (line: string) => void;
  /** Sends mail jobs; absent (no SMTP_URL): they are dropped with a log line. */
  mailer?: Mailer;
  /** The structured log and the job metrics (the process); absent (tests): the `log` lines only. */
  observers?: WorkerObservers;
}

/**
 * The worker of the scoring queue, with every job kind of the job map registered: a submission's
 * scoring job, its shard jobs, board jobs (enqueued after every stored score and every write that
 * changes a board), the boards' repair sweep and mail jobs.
 */
export function createScoringWorker(opts: ScoringWorkerOptions): JobWorker {
  const log = opts.log ?? ((line: string) => console.log(line));
  const { db, mailer } = opts;
  const queue = createScoringQueue(opts.connection, { prefix: opts.prefix });
  const jobs = createJobWorker({ ...opts, log });
  const enqueue = {
    async enqueueBoard(board: BoardJobData) {
      await enqueueBoard(queue, board);
    },
    // The outcome mails of scoring, only when there is a mailer to send them.
    ...(mailer ? { enqueueMail: (mail: MailJobData) => enqueueMail(queue, mail) } : {}),
  };
  const budgetSeconds = opts.scoringBudgetSeconds;
  jobs.register(
    SCORING_JOB,
    scoringJobRegistration({
      db,
      log,
      budgetSeconds,
      shardLimits: opts.shardLimits,
      pauseMs: opts.pauseMs,
      writePauseMs: opts.writePauseMs,
      ...enqueue,
    }),
  );
  jobs.register(SCORING_SHARD_JOB, shardJobRegistration({ db, budgetSeconds, pauseMs: opts.shardPauseMs, ...enqueue }));
  jobs.register(BOARD_JOB, boardJobRegistration({ db }));
  jobs.register(BOARD_REPAIR_JOB, boardRepairJobRegistration({ db, enqueueBoard: enqueue.enqueueBoard }));
  jobs.register(MAIL_JOB, mailJobRegistration({ db, mailer, defer: (mail, later) => enqueueMail(queue, mail, later) }));
  jobs.worker.on("closed", () => void queue.close());
  return jobs.worker;
}
