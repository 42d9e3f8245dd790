// A scoring job's time budget, and its lock while the engine scores: real Postgres, Redis and BullMQ.
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { scoringJobId, scoringShardJobId } from "@hierboard/queue";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { startInProcessWorker, waitForStatus } from "./helpers.ts";
import { seedSyntheticTask } from "./synthetic-task-seed.ts";

let p: TestPlatform;
let worker: Awaited<ReturnType<typeof startInProcessWorker>> | undefined;

beforeAll(async () => {
  p = await createTestPlatform();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await p?.cleanup();
});

describe("scoring job budget", () => {
  it("fails a job past its budget once, for good, and tells the team why", async () => {
    const seeded = await seedSyntheticTask(p.ctx, { slug: "over-budget", bootstrap: 2000 });
    worker = await startInProcessWorker(p, { scoringBudgetSeconds: 0.05 });
    const failures: string[] = [];
    worker.worker.on("failed", (_job, error) => failures.push(error.message));
    const id = await seeded.submit();

    await waitForStatus(p.ctx.db, id, "FAILED", 60_000);
    const row = await p.ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { errorMessage: true } });
    expect(row.errorMessage).toBe("scoring took longer than 0.05 s");
    const job = await p.queue.getJob(scoringJobId(id));
    await expect.poll(async () => (await job?.getState()) ?? "gone").toBe("failed");
    expect((await p.queue.getJob(scoringJobId(id)))?.attemptsMade).toBe(1);
    expect(failures).toEqual(["scoring took longer than 0.05 s"]);
    expect(await p.ctx.db.score.count({ where: { submissionId: id } })).toBe(0);
  });

  it("gives every shard job the budget too: a sharded file past it fails once, for good, with the same reason", async () => {
    const seeded = await seedSyntheticTask(p.ctx, { slug: "shard-over-budget" });
    // 400 documents in shards of 100: the scoring job plans four shard jobs, each with its own budget.
    worker = await startInProcessWorker(p, { scoringBudgetSeconds: 0.001, shardLimits: { maxDocuments: 100, maxBytes: 1 << 30 } });
    const id = await seeded.submit();

    await waitForStatus(p.ctx.db, id, "FAILED", 60_000);
    const row = await p.ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { errorMessage: true } });
    expect(row.errorMessage).toBe("scoring took longer than 0.001 s");
    const shard = await p.queue.getJob(scoringShardJobId(id, 0));
    expect(shard).toBeDefined();
    await expect.poll(async () => (await shard?.getState()) ?? "gone").toBe("failed");
    expect((await p.queue.getJob(scoringShardJobId(id, 0)))?.attemptsMade).toBe(1);
    await expect.poll(async () => (await (await p.queue.getJob(scoringJobId(id)))?.getState()) ?? "gone").toBe("failed");
    expect(await p.ctx.db.score.count({ where: { submissionId: id } })).toBe(0);
  });

  it("keeps renewing the lock while a job (a pause, then the engine's scoring) outlives the lock", async () => {
    const seeded = await seedSyntheticTask(p.ctx, { slug: "long-scoring", bootstrap: 3000 });
    const lockDurationMs = 1000;
    // The pause makes the job outlive the lock on any machine; the engine's bootstrap adds its own time on top.
    const pauseMs = 3 * lockDurationMs + 200;
    worker = await startInProcessWorker(p, { lockDurationMs, stalledIntervalMs: 500, scoringBudgetSeconds: 300, pauseMs });
    const stalled: string[] = [];
    worker.worker.on("stalled", (jobId) => stalled.push(jobId));
    const id = await seeded.submit();

    await waitForStatus(p.ctx.db, id, "SCORED", 120_000);
    const job = await p.queue.getJob(scoringJobId(id));
    await expect.poll(async () => (await job?.getState()) ?? "gone").toBe("completed");
    const done = (await p.queue.getJob(scoringJobId(id)))!;
    expect(done.finishedOn! - done.processedOn!).toBeGreaterThan(pauseMs);
    expect(done.attemptsMade).toBe(1);
    expect(stalled).toEqual([]);
    expect(worker.lines.join("\n")).not.toMatch(/stalled|Missing lock|could not renew/i);
    expect(await p.ctx.db.score.count({ where: { submissionId: id } })).toBeGreaterThan(0);
  });
});
