// Fault: PostgreSQL restarts while a worker is writing a score set. A private cluster (initdb
// into a temporary folder, its own port) is stopped with a fast shutdown while the worker's
// transaction holds every row but has not committed (a debug pause), then started again. No
// partial score set is ever visible; the job retries and stores the clean run's scores once.
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import type { PlatformContext } from "@hierboard/platform";
import { TEST_REDIS_URL } from "@hierboard/platform/testing";
import { createRedisConnection, createScoringQueue, enqueueScoring, scoringJobId, type ScoringQueue } from "@hierboard/queue";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor, waitForStatus } from "./helpers.ts";
import { createOwnPostgres, postgresBin, type OwnPostgres } from "./services/own-postgres.ts";
import { WorkerProcesses } from "./services/worker-processes.ts";
import { cleanScores, seedSyntheticTask, storedScores, type SeededSyntheticTask } from "./synthetic-task-seed.ts";

if (!postgresBin) console.warn("[postgres restart test] skipped: no PostgreSQL binaries under /usr/lib/postgresql");

let pg: OwnPostgres;
let database: TestDatabase;
let producer: Redis;
let queue: ScoringQueue;
let task: SeededSyntheticTask;
const prefix = `hbfault-${randomBytes(4).toString("hex")}`;
const workers = new WorkerProcesses();

describe.skipIf(!postgresBin)("fault: PostgreSQL restarts while a worker writes", () => {
  beforeAll(async () => {
    pg = await createOwnPostgres();
    database = await createTestDatabase({ serverUrl: pg.serverUrl });
    producer = createRedisConnection(TEST_REDIS_URL, "producer");
    queue = createScoringQueue(producer, { prefix });
    const ctx: PlatformContext = {
      db: database.db,
      maxUploadBytes: 50 * 1024 * 1024,
      now: () => new Date(),
      enqueueScoring: async (id, o) => void (await enqueueScoring(queue, id, o)),
    };
    task = await seedSyntheticTask(ctx, { bootstrap: 50 });
  });
  afterAll(async () => {
    await workers.killAll();
    await queue?.obliterate({ force: true }).catch(() => {});
    await queue?.close().catch(() => {});
    producer?.disconnect();
    await database?.drop().catch(() => {});
    pg?.destroy();
  });

  it("retries the job after the restart: no partial score set, then exactly the clean scores", async () => {
    const id = await task.submit();
    const worker = workers.start({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      HIERBOARD_QUEUE_PREFIX: prefix,
      WORKER_DEBUG_WRITE_PAUSE_MS: "3000",
      WORKER_LOCK_DURATION_MS: "30000",
    });
    await waitFor(
      "the worker to be inside its write transaction",
      async () => (worker.output().includes("before commit") ? true : undefined),
      60_000,
    );
    // Uncommitted: another connection sees neither the score set nor a row.
    expect(await database.db.scoreSet.count({ where: { submissionId: id } })).toBe(0);
    expect(await database.db.score.count({ where: { submissionId: id } })).toBe(0);

    pg.stop();
    // The outage lasts until the worker's write has failed against it.
    await waitFor(
      "the worker's attempt to fail while PostgreSQL is down",
      async () => (/failed \(attempt 1\/5\)/.test(worker.output()) ? true : undefined),
      60_000,
    );
    pg.start();

    // Rolled back by the shutdown: still nothing visible, and the submission is not SCORED.
    expect(await database.db.scoreSet.count({ where: { submissionId: id } })).toBe(0);
    expect((await database.db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("SCORING");

    await waitForStatus(database.db, id, "SCORED", 60_000);
    const job = await queue.getJob(scoringJobId(id));
    expect(job?.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(worker.output()).toMatch(/failed \(attempt 1\/5\)/);
    const stored = await storedScores(database.db, id);
    expect(stored.sets).toBe(1);
    expect(stored.distinctMeasures).toBe(stored.rows.length);
    expect(stored.rows).toEqual(await cleanScores(database.db, id));
  });
});
