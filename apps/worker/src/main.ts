// The scoring worker process: `pnpm --filter @hierboard/worker start`.
import { createMailer, createPrismaClient, requeueStuckSubmissions } from "@hierboard/platform";
import { createRedisConnection, createScoringQueue, enqueueBoardRepair, schedulePhaseCalendarSweep } from "@hierboard/queue";
import { createScoringWorker } from "./create-scoring-worker.ts";
import { loadWorkerEnv } from "./env.ts";
import { startWorkerHttp } from "./observability/http-server.ts";
import { createWorkerLogger } from "./observability/logger.ts";
import { createWorkerMetrics } from "./observability/metrics.ts";
import { watchParent } from "./watch-parent.ts";

const env = loadWorkerEnv();
const logger = createWorkerLogger({ level: env.LOG_LEVEL, production: env.NODE_ENV === "production" });
const db = createPrismaClient(env.DATABASE_URL, { maxConnections: env.WORKER_CONCURRENCY + 2 });
const connection = createRedisConnection(env.REDIS_URL, "worker");
const queue = createScoringQueue(connection, { prefix: env.HIERBOARD_QUEUE_PREFIX });
const publicUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
const signingSecret = env.NEXTAUTH_SECRET ?? env.AUTH_SECRET;
if (env.SMTP_URL && (!publicUrl || !signingSecret))
  throw new Error(
    "SMTP_URL is set, so the worker also needs NEXTAUTH_URL (or AUTH_URL) and NEXTAUTH_SECRET (or AUTH_SECRET): links in mail need both",
  );
const mailer =
  env.SMTP_URL && publicUrl && signingSecret
    ? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, publicUrl, signingSecret })
    : undefined;
const metrics = createWorkerMetrics(queue);
const worker = createScoringWorker({
  db,
  connection,
  prefix: env.HIERBOARD_QUEUE_PREFIX,
  concurrency: env.WORKER_CONCURRENCY,
  lockDurationMs: env.WORKER_LOCK_DURATION_MS,
  stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
  scoringBudgetSeconds: env.WORKER_SCORING_BUDGET_S,
  shardLimits: { maxDocuments: env.WORKER_SHARD_DOCUMENTS, maxBytes: env.WORKER_SHARD_BYTES },
  pauseMs: env.testHooks.WORKER_DEBUG_PAUSE_MS,
  shardPauseMs: env.testHooks.WORKER_DEBUG_SHARD_PAUSE_MS,
  writePauseMs: env.testHooks.WORKER_DEBUG_WRITE_PAUSE_MS,
  log: (line) => logger.info(line.replace(/^\[worker\] /, "")),
  mailer,
  observers: { db, logger, metrics },
});
if (mailer) await schedulePhaseCalendarSweep(queue, env.WORKER_PHASE_CALENDAR_EVERY_MS);
const http = env.WORKER_HTTP_PORT
  ? await startWorkerHttp({ port: env.WORKER_HTTP_PORT, host: env.WORKER_HTTP_HOST, db, queue, worker, metrics })
  : undefined;
if (http)
  logger.info(
    { port: env.WORKER_HTTP_PORT, host: env.WORKER_HTTP_HOST },
    "metrics and readiness on http://%s:%d",
    env.WORKER_HTTP_HOST,
    env.WORKER_HTTP_PORT,
  );

let sweep: NodeJS.Timeout | undefined;
if (env.WORKER_SWEEP_INTERVAL_MS > 0) {
  const run = () =>
    requeueStuckSubmissions(db, queue, env.WORKER_SWEEP_MIN_AGE_MS)
      .then((ids) => ids.length && logger.info({ submissionIds: ids }, `re-queued ${ids.length} stuck submission(s)`))
      .catch((error: unknown) => logger.error({ err: error }, "sweep failed"));
  sweep = setInterval(run, env.WORKER_SWEEP_INTERVAL_MS);
  void run();
}

// The boards' repair sweep: one job (fixed id) however many workers enqueue it.
const repairBoards = () =>
  enqueueBoardRepair(queue).catch((error: unknown) => logger.error({ err: error }, "board repair sweep not enqueued"));
const boardRepair = setInterval(repairBoards, env.WORKER_BOARD_REPAIR_EVERY_MS);
void repairBoards();

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: finishing running jobs, then closing`);
  if (sweep) clearInterval(sweep);
  clearInterval(boardRepair);
  http?.close();
  // Order matters: stop taking jobs and let running ones finish, then Redis, then the database.
  await worker.close();
  mailer?.close();
  await queue.close();
  await connection.quit();
  await db.$disconnect();
  logger.info("closed");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// Started by `pnpm start`: exit when the launcher dies (SIGKILL leaves no chance to stop us).
// biome-ignore lint/style/noProcessEnv: set only by the launcher for its own children, not configuration
const parentPid = Number(process.env.HIERBOARD_PARENT_PID);
if (Number.isInteger(parentPid) && parentPid > 1) watchParent(parentPid, () => void shutdown("the launcher is gone"));

worker.on("ready", () =>
  logger.info(
    { concurrency: env.WORKER_CONCURRENCY, prefix: env.HIERBOARD_QUEUE_PREFIX },
    `ready (pid ${process.pid}, concurrency ${env.WORKER_CONCURRENCY}, prefix ${env.HIERBOARD_QUEUE_PREFIX})`,
  ),
);
void worker.run();
