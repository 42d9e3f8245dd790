import {
  addScoringShards,
  BOARD_JOB,
  boardJobSchema,
  createScoringQueue,
  enqueueBoard,
  enqueueMail,
  MAIL_JOB,
  mailJobSchema,
  SCORING_QUEUE,
  SCORING_SHARD_JOB,
  scoringJobSchema,
  scoringShardJobSchema,
  type ScoringJobData,
} from "@hierboard/queue";
import { FlowProducer, UnrecoverableError, WaitingChildrenError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import {
  failSubmission,
  isRetryable,
  runMailJob,
  type Mailer,
  scoreShard,
  scoringBudget,
  scoreSubmission,
  storedShards,
  storeShardResult,
  submissionBoard,
  updateBoardTies,
  type Db,
  type ScoringSummary,
  type ShardFlow,
  type ShardingPlan,
  type ShardLimits,
} from "@hierboard/platform";

/** The process's memory now, for the log line of a finished job (scale benchmarks read it). */
function memoryNow(): string {
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 2 ** 20);
  return `rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)}/${mib(m.heapTotal)} MiB, external ${mib(m.external)} MiB`;
}

export interface ScoringWorkerOptions {
  db: Db;
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** Time budget of a scoring job, in seconds (scoreSubmission's `budgetSeconds`); absent: none. */
  scoringBudgetSeconds?: number;
  /** Submissions over either limit are scored as a flow of shard jobs; absent: never sharded. */
  shardLimits?: ShardLimits;
  pauseMs?: number;
  shardPauseMs?: number;
  writePauseMs?: number;
  log?: (line: string) => void;
  /** Sends mail jobs; absent (no SMTP_URL): they are dropped with a log line. */
  mailer?: Mailer;
}

/**
 * The BullMQ worker of the scoring queue. It runs both kinds of job: a submission's scoring job
 * (`score-<id>`), which scores a small file itself or plans shards, adds them as its children in
 * a flow and, once they are done, merges them; and shard jobs (`score-<id>-shard-<k>`), on
 * whichever worker takes them; and board jobs (`board-<phaseId>-<subtaskId>`), enqueued after
 * every stored score, which store the board's tie groups. An error no retry can help (`isRetryable`:
 * the platform's AppError table, the engine's input errors) → UnrecoverableError and the
 * submission becomes FAILED with the reason; anything else is retried with the queue's backoff,
 * and the submission becomes FAILED only when the last attempt fails. A job whose worker died is
 * found stalled and run again (up to twice).
 */
export function createScoringWorker(opts: ScoringWorkerOptions): Worker<ScoringJobData, unknown> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const flows = new FlowProducer({ connection: opts.connection, prefix: opts.prefix });
  const boards = createScoringQueue(opts.connection, { prefix: opts.prefix });

  /** A board job: the changed neighbour pairs of one board, tested and stored (see updateBoardTies). */
  async function runBoard(job: Job): Promise<void> {
    const parsed = boardJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`malformed board payload: ${parsed.error.message}`);
    const { tested, rows } = await updateBoardTies(opts.db, parsed.data);
    log(`[worker] ${job.id}: ${rows} ranked rows, ${tested} pair(s) tested`);
  }

  /** A mail job: the message written from the database and sent; an SMTP failure is retried with the job's backoff. */
  async function runMail(job: Job): Promise<void> {
    const parsed = mailJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`malformed mail payload: ${parsed.error.message}`);
    if (!opts.mailer) return log(`[worker] ${job.id}: not sent, mail is off (no SMTP_URL)`);
    const defer: Parameters<typeof runMailJob>[3]["defer"] = (data, later) => enqueueMail(boards, data, later);
    log(`[worker] ${job.id}: ${await runMailJob(opts.db, opts.mailer, parsed.data, { defer })}`);
  }

  /** The one hook of scoring outcomes: a scored or finally failed submission's mails, as a job of their own. */
  async function notifyOutcome(submissionId: string): Promise<void> {
    if (opts.mailer) await enqueueMail(boards, { kind: "submission-outcome", submissionId });
  }

  /** A submission fails for good: FAILED with the reason, and its team and organisers are told. */
  async function failFinally(submissionId: string, message: string): Promise<void> {
    await failSubmission(opts.db, submissionId, message);
    await notifyOutcome(submissionId);
  }

  /** After a score is stored: its board's tie tests, as a job of their own (any worker may take it). */
  async function enqueueBoardOf(submissionId: string): Promise<void> {
    const board = await submissionBoard(opts.db, submissionId);
    if (board) await enqueueBoard(boards, board);
  }

  /** A failure no retry can help: the submission becomes FAILED with the reason and BullMQ stops. */
  async function giveUpUnlessRetryable(submissionId: string, error: unknown): Promise<never> {
    if (isRetryable(error)) throw error;
    const message = (error as Error).message;
    await failFinally(submissionId, message);
    throw new UnrecoverableError(message);
  }

  /** A shard job: scored, and its result stored in Postgres for the merge (the job returns only its number). */
  async function runShard(job: Job): Promise<{ shard: number }> {
    const parsed = scoringShardJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`malformed shard payload: ${parsed.error.message}`);
    if (opts.shardPauseMs) await new Promise((resolve) => setTimeout(resolve, opts.shardPauseMs));
    try {
      const { submissionId, goldVersion, shard, documents } = parsed.data;
      const budget = opts.scoringBudgetSeconds === undefined ? undefined : scoringBudget(opts.scoringBudgetSeconds);
      await storeShardResult(opts.db, submissionId, goldVersion, await scoreShard(opts.db, parsed.data, budget));
      log(`[worker] ${job.id}: ${documents} documents (${memoryNow()})`);
      return { shard };
    } catch (error) {
      return giveUpUnlessRetryable(parsed.data.submissionId, error);
    }
  }

  function shardFlow(job: Job, token: string | undefined, data: ScoringJobData, limits: ShardLimits): ShardFlow {
    return {
      limits,
      planned: data.plan,
      async dispatch(plan) {
        await job.updateData({ ...data, plan });
      },
      async collect(plan: ShardingPlan) {
        for (;;) {
          const done = new Set((await storedShards(opts.db, data.submissionId, plan.goldVersion)).map((s) => s.shard));
          const missing = plan.shards.filter((s) => !done.has(s.shard));
          if (missing.length === 0) return;
          await addScoringShards(flows, { id: job.id!, queueQualifiedName: job.queueQualifiedName }, missing, opts.prefix);
          if (!token) throw new Error("a sharded job needs its lock token");
          if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
        }
      },
    };
  }

  const worker = new Worker<ScoringJobData, unknown>(
    SCORING_QUEUE,
    async (job: Job<ScoringJobData, unknown>, token?: string) => {
      if (job.name === SCORING_SHARD_JOB) return runShard(job);
      if (job.name === BOARD_JOB) return runBoard(job);
      if (job.name === MAIL_JOB) return runMail(job);
      const parsed = scoringJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`malformed job payload: ${parsed.error.message}`);
      const { submissionId } = parsed.data;
      let summary: ScoringSummary | undefined;
      try {
        const outcome = await scoreSubmission(opts.db, submissionId, {
          onScored: (scored) => {
            summary = scored;
          },
          progress: (percent) => job.updateProgress(percent),
          pauseMs: opts.pauseMs,
          budgetSeconds: opts.scoringBudgetSeconds,
          writePauseMs: opts.writePauseMs,
          log,
          sharding: opts.shardLimits ? shardFlow(job, token, parsed.data, opts.shardLimits) : undefined,
        });
        log(`[worker] ${job.id}: ${outcome} (${memoryNow()})`);
        if (outcome !== "already-final") await enqueueBoardOf(submissionId);
        if (outcome === "scored") await notifyOutcome(submissionId);
      } catch (error) {
        return giveUpUnlessRetryable(submissionId, error);
      }
      // The job's return value: the document count and family timings of the duration metric (observeWorker).
      return summary;
    },
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockDurationMs,
      stalledInterval: opts.stalledIntervalMs,
      maxStalledCount: 2,
      autorun: false,
    },
  );

  worker.on("failed", (job, error) => {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    const final = error instanceof UnrecoverableError || error.name === "UnrecoverableError" || job.attemptsMade >= attempts;
    log(`[worker] ${job.id} failed (attempt ${job.attemptsMade}/${attempts}${final ? ", final" : ""}): ${error.message}`);
    if (final && !(error instanceof UnrecoverableError)) {
      const submissionId = (job.data as Partial<ScoringJobData>).submissionId;
      if (submissionId) {
        failFinally(submissionId, `scoring failed after ${job.attemptsMade} attempts: ${error.message}`).catch((e: unknown) =>
          log(`[worker] could not mark ${submissionId} FAILED: ${(e as Error).message}`),
        );
      }
    }
  });
  worker.on("error", (error) => log(`[worker] error: ${error.message}`));
  worker.on("closed", () => void Promise.all([flows.close(), boards.close()]));
  return worker;
}
