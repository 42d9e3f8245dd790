// The scoring worker process: `pnpm --filter @hierboard/worker start`.
import { createPrismaClient } from "@hierboard/db";
import { createRedisConnection, createScoringQueue } from "@hierboard/queue";
import { createScoringWorker } from "./create-scoring-worker.ts";
import { loadWorkerEnv } from "./env.ts";
import { requeueStuckSubmissions } from "./requeue-stuck-submissions.ts";

const env = loadWorkerEnv();
const db = createPrismaClient(env.DATABASE_URL, { maxConnections: env.WORKER_CONCURRENCY + 2 });
const connection = createRedisConnection(env.REDIS_URL, "worker");
const queue = createScoringQueue(connection, { prefix: env.HIERBOARD_QUEUE_PREFIX });
const worker = createScoringWorker({
  db,
  connection,
  prefix: env.HIERBOARD_QUEUE_PREFIX,
  concurrency: env.WORKER_CONCURRENCY,
  lockDurationMs: env.WORKER_LOCK_DURATION_MS,
  stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
  shardLimits: { maxDocuments: env.WORKER_SHARD_DOCUMENTS, maxBytes: env.WORKER_SHARD_BYTES },
  pauseMs: env.WORKER_DEBUG_PAUSE_MS,
  shardPauseMs: env.WORKER_DEBUG_SHARD_PAUSE_MS,
  writePauseMs: env.WORKER_DEBUG_WRITE_PAUSE_MS,
});

let sweep: NodeJS.Timeout | undefined;
if (env.WORKER_SWEEP_INTERVAL_MS > 0) {
  const run = () =>
    requeueStuckSubmissions(db, queue, env.WORKER_SWEEP_MIN_AGE_MS)
      .then((ids) => ids.length && console.log(`[worker] re-queued ${ids.length} stuck submission(s)`))
      .catch((error: unknown) => console.error(`[worker] sweep failed: ${(error as Error).message}`));
  sweep = setInterval(run, env.WORKER_SWEEP_INTERVAL_MS);
  void run();
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: finishing running jobs, then closing`);
  if (sweep) clearInterval(sweep);
  // Order matters: stop taking jobs and let running ones finish, then Redis, then the database.
  await worker.close();
  await queue.close();
  await connection.quit();
  await db.$disconnect();
  console.log("[worker] closed");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

worker.on("ready", () => console.log(`[worker] ready (pid ${process.pid}, concurrency ${env.WORKER_CONCURRENCY}, prefix ${env.HIERBOARD_QUEUE_PREFIX})`));
void worker.run();
