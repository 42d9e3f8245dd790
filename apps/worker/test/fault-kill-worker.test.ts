// Fault: a worker process is SIGKILLed while it holds a shard of a sharded submission. Another
// worker process takes the stalled shard over; the stored scores equal the clean one-job run,
// bootstrap intervals included, with exactly one score set and one row per measure.
import { createTestPlatform, TEST_REDIS_URL, type TestPlatform } from "@hierboard/platform/testing";
import { scoringJobId } from "@hierboard/queue";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor, waitForStatus } from "./helpers.ts";
import { WorkerProcesses } from "./services/worker-processes.ts";
import { cleanScores, seedSyntheticTask, storedScores, type SeededSyntheticTask } from "./synthetic-task-seed.ts";

let p: TestPlatform;
let task: SeededSyntheticTask;
const workers = new WorkerProcesses();

beforeAll(async () => {
  p = await createTestPlatform();
  task = await seedSyntheticTask(p.ctx);
});
afterEach(() => workers.killAll());
afterAll(async () => {
  await workers.killAll();
  await p?.cleanup();
});

describe("fault: a worker killed in the middle of a sharded job", () => {
  it("finishes on another worker with the clean run's scores and no duplicate rows", async () => {
    const env = { DATABASE_URL: p.database.url, REDIS_URL: TEST_REDIS_URL, HIERBOARD_QUEUE_PREFIX: p.prefix, WORKER_SHARD_DOCUMENTS: "37" };
    const id = await task.submit();
    // The first worker plans the flow, then hangs inside its first shard.
    const first = workers.start({ ...env, WORKER_DEBUG_SHARD_PAUSE_MS: "600000" });
    const held = await waitFor(
      "a shard to be running on the first worker",
      async () => (await p.queue.getJobs(["active"])).find((j) => j.id?.startsWith(`${scoringJobId(id)}-shard-`)),
      30_000,
    );
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(await p.ctx.db.scoreSet.count({ where: { submissionId: id } })).toBe(0);

    const second = workers.start({ ...env, WORKER_CONCURRENCY: "2" });
    await waitForStatus(p.ctx.db, id, "SCORED", 60_000);
    expect(second.output()).toContain(`${held.id}:`);
    // The submission is SCORED when the write commits; BullMQ marks the job completed just after.
    await expect.poll(async () => (await p.queue.getJob(scoringJobId(id)))?.isCompleted(), { timeout: 30_000 }).toBe(true);
    const parent = await p.queue.getJob(scoringJobId(id));
    expect((parent?.data as { plan?: { shards: unknown[] } } | undefined)?.plan?.shards.length).toBeGreaterThanOrEqual(10);

    const stored = await storedScores(p.ctx.db, id);
    expect(stored.sets).toBe(1);
    expect(stored.distinctMeasures).toBe(stored.rows.length);
    expect(stored.rows).toEqual(await cleanScores(p.ctx.db, id));
    expect(stored.rows.filter((r) => r.ciLow !== null).length).toBeGreaterThan(20);
  });
});
