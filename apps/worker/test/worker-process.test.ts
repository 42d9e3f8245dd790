// The worker as a real child process: killed mid-job (SIGKILL) and recovered by a second worker,
// graceful SIGTERM, and the health CLI.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createTestPlatform,
  fixture,
  seedTask,
  TEST_REDIS_URL,
  type SeededTask,
  type TestPlatform,
  submitAsMember,
} from "@hierboard/platform/testing";
import { scoringJobId } from "@hierboard/queue";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor, waitForStatus } from "./helpers.ts";

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let p: TestPlatform;
let seed: SeededTask;
const children: ChildProcess[] = [];

interface RunningWorker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWorker(env: Record<string, string>, script = "src/main.ts"): RunningWorker {
  // One process (no tsx CLI wrapper in between), so SIGKILL really kills the worker.
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: workerDir,
    env: {
      ...process.env,
      DATABASE_URL: p.database.url,
      REDIS_URL: TEST_REDIS_URL,
      HIERBOARD_QUEUE_PREFIX: p.prefix,
      WORKER_CONCURRENCY: "1",
      WORKER_LOCK_DURATION_MS: "2000",
      WORKER_STALLED_INTERVAL_MS: "1000",
      WORKER_SWEEP_INTERVAL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

function submit() {
  return submitAsMember(p.ctx, seed, "pred-good.tsv", fixture("pred-good.tsv"));
}

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(async () => {
  await p?.cleanup();
});

describe("worker process", () => {
  it("recovers the job of a worker killed mid-job: a second worker finishes it with exactly one score set", async () => {
    const { id } = await submit();
    // The first worker pauses after claiming the job (status SCORING) so that it dies mid-job.
    const first = startWorker({ WORKER_DEBUG_PAUSE_MS: "600000" });
    await waitForStatus(p.ctx.db, id, "SCORING", 30_000);
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(await p.ctx.db.scoreSet.count({ where: { submissionId: id } })).toBe(0);

    const second = startWorker({});
    await waitForStatus(p.ctx.db, id, "SCORED", 30_000);
    const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: id } });
    expect(sets).toHaveLength(1);
    const rows = await p.ctx.db.score.findMany({ where: { submissionId: id } });
    expect(new Set(rows.map((r) => r.measure)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(20);
    const job = await p.queue.getJob(scoringJobId(id));
    expect(await job?.isCompleted()).toBe(true);

    second.child.kill("SIGTERM");
    await second.exited;
  });

  it("shuts down gracefully on SIGTERM, finishing the running job first", async () => {
    const { id } = await submit();
    const worker = startWorker({ WORKER_DEBUG_PAUSE_MS: "1500" });
    await waitForStatus(p.ctx.db, id, "SCORING", 30_000);
    worker.child.kill("SIGTERM");
    const exit = await worker.exited;
    expect(exit.code, worker.output()).toBe(0);
    expect(worker.output()).toContain("SIGTERM: finishing running jobs");
    expect(worker.output()).toMatch(/\bclosed\b/);
    expect((await p.ctx.db.submission.findUniqueOrThrow({ where: { id } })).status).toBe("SCORED");
  });

  it("reports the queue depth as JSON from the health CLI", async () => {
    await submit();
    const health = startWorker({}, "src/health.ts");
    const exit = await health.exited;
    expect(exit.code).toBe(0);
    const report = JSON.parse(health.output().trim()) as { ok: boolean; depth: number; counts: Record<string, number>; prefix: string };
    // Waiting: the new submission's job, plus the board job each earlier score enqueued (no worker runs now).
    const counts = await p.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
    const waiting = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(report).toMatchObject({ ok: true, prefix: p.prefix, depth: waiting });
    expect(report.counts.completed).toBe(2);
  });

  it("re-queues a QUEUED submission whose job never reached Redis", async () => {
    const { id } = await submit();
    // As if the web process had stored the submission but could not enqueue it.
    const job = await p.queue.getJob(scoringJobId(id));
    await job?.remove();
    await p.ctx.db.submission.updateMany({ where: { status: "QUEUED" }, data: { createdAt: new Date(Date.now() - 120_000) } });
    const worker = startWorker({ WORKER_SWEEP_INTERVAL_MS: "500", WORKER_SWEEP_MIN_AGE_MS: "1000" });
    await waitFor(
      "both queued submissions to be scored",
      async () => ((await p.ctx.db.submission.count({ where: { status: "QUEUED" } })) === 0 ? true : undefined),
      30_000,
    );
    expect(worker.output()).toMatch(/re-queued \d stuck submission/);
    worker.child.kill("SIGTERM");
    await worker.exited;
  });
});
