// `pnpm --filter @hierboard/worker health`: prints the scoring queue's depth as JSON; exit 1 if
// Redis cannot be reached.
import { createRedisConnection, createScoringQueue, SCORING_QUEUE } from "@hierboard/queue";
import { loadWorkerEnv } from "./env.ts";

const env = loadWorkerEnv();
const connection = createRedisConnection(env.REDIS_URL, "producer", { connectTimeout: 3000 });
const queue = createScoringQueue(connection, { prefix: env.HIERBOARD_QUEUE_PREFIX });
try {
  const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized", "completed", "failed", "waiting-children");
  const workers = await queue.getWorkersCount();
  console.log(
    JSON.stringify({
      ok: true,
      queue: SCORING_QUEUE,
      prefix: env.HIERBOARD_QUEUE_PREFIX,
      depth: (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
      counts,
      workers,
    }),
  );
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: (error as Error).message }));
  process.exitCode = 1;
} finally {
  await queue.close();
  connection.disconnect();
}
