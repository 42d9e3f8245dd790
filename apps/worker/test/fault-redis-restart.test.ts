// Fault: Redis restarts while scoring jobs (sharded flows among them) are queued and running.
// A private redis-server (append-only file in a temporary folder, its own port) is stopped and
// started again; the worker process reconnects, no submission is lost, all end SCORED with the
// clean run's scores.
import { createRedisConnection, createScoringQueue, enqueueScoring, type ScoringQueue } from "@hierboard/queue";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import type { PlatformContext } from "@hierboard/platform";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "./helpers.ts";
import { redisServerAvailable, startPrivateRedis, type PrivateRedis } from "@hierboard/queue/testing";
import { WorkerProcesses } from "./services/worker-processes.ts";
import { cleanScores, seedSyntheticTask, storedScores, type SeededSyntheticTask } from "./synthetic-task-seed.ts";

if (!redisServerAvailable) console.warn("[redis restart test] skipped: no redis-server on PATH");

const SUBMISSIONS = 8;
let redis: PrivateRedis;
let database: TestDatabase;
let producer: Redis;
let queue: ScoringQueue;
let ctx: PlatformContext;
let task: SeededSyntheticTask;
const prefix = `hbfault-${randomBytes(4).toString("hex")}`;
const workers = new WorkerProcesses();

describe.skipIf(!redisServerAvailable)("fault: Redis restarts while jobs are queued", () => {
  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase();
    producer = createRedisConnection(redis.url, "producer");
    producer.on("error", () => {}); // refused while the server is down, by design
    queue = createScoringQueue(producer, { prefix });
    ctx = {
      db: database.db,
      maxUploadBytes: 50 * 1024 * 1024,
      now: () => new Date(),
      enqueueScoring: async (id, o) => void (await enqueueScoring(queue, id, o)),
    };
    task = await seedSyntheticTask(ctx, { bootstrap: 50 });
  });
  afterAll(async () => {
    await workers.killAll();
    await queue?.close().catch(() => {});
    producer?.disconnect();
    await redis?.destroy();
    await database?.drop();
  });

  it("loses no submission: every one ends SCORED once, with the clean run's scores", async () => {
    const ids: string[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) ids.push(await task.submit());
    expect((await queue.getJobCounts("waiting")).waiting).toBe(SUBMISSIONS);

    // Slow on purpose (a pause per job), so most jobs are still queued when Redis goes away.
    const worker = workers.start({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      HIERBOARD_QUEUE_PREFIX: prefix,
      WORKER_SHARD_DOCUMENTS: "150",
      WORKER_DEBUG_PAUSE_MS: "400",
    });
    const scored = () => database.db.submission.count({ where: { id: { in: ids }, status: "SCORED" } });
    await waitFor("the first submission to be scored", async () => ((await scored()) >= 1 ? true : undefined), 60_000);
    expect(await scored()).toBeLessThan(SUBMISSIONS);

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await redis.start();

    await waitFor(`all ${SUBMISSIONS} submissions to be scored`, async () => ((await scored()) === SUBMISSIONS ? true : undefined), 90_000);
    expect(await database.db.submission.count({ where: { id: { in: ids }, status: { not: "SCORED" } } })).toBe(0);
    const clean = await cleanScores(database.db, ids[0]!);
    for (const id of ids) {
      const stored = await storedScores(database.db, id);
      expect(stored.sets).toBe(1);
      expect(stored.distinctMeasures).toBe(stored.rows.length);
      expect(stored.rows).toEqual(clean);
    }
    expect(worker.output()).toMatch(/sharded/);
  });
});
