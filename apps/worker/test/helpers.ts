import type { Db } from "@hierboard/db";
import { createRedisConnection, scoringJobId, type ScoringJobData } from "@hierboard/queue";
import { TEST_REDIS_URL, type TestPlatform } from "@hierboard/platform/testing";
import { createScoringWorker, type ScoringWorkerOptions } from "../src/create-scoring-worker.ts";

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function waitForStatus(db: Db, submissionId: string, status: "SCORING" | "SCORED" | "FAILED", timeoutMs?: number) {
  return waitFor(
    `submission ${submissionId} to be ${status}`,
    async () => {
      const row = await db.submission.findUnique({ where: { id: submissionId }, select: { status: true } });
      return row?.status === status ? row : undefined;
    },
    timeoutMs,
  );
}

/** A scoring worker inside the test process, on the test platform's queue prefix. */
export async function startInProcessWorker(p: TestPlatform, extra: Partial<ScoringWorkerOptions> = {}) {
  const connection = createRedisConnection(TEST_REDIS_URL, "worker");
  const lines: string[] = [];
  const worker = createScoringWorker({
    db: p.ctx.db,
    connection,
    prefix: p.prefix,
    concurrency: 2,
    lockDurationMs: 10_000,
    stalledIntervalMs: 5_000,
    log: (line) => lines.push(line),
    ...extra,
  });
  void worker.run();
  await worker.waitUntilReady();
  return {
    worker,
    lines,
    async stop() {
      await worker.close();
      await connection.quit();
    },
  };
}

/**
 * The same file scored twice, each by a worker of its own: once whole, once in shards of at most
 * `maxDocuments` documents. Returns both submissions, the sharded job's plan and its worker's log.
 */
export async function scoreWholeAndSharded(p: TestPlatform, submit: () => Promise<string>, maxDocuments: number) {
  const scoredBy = async (extra: Partial<ScoringWorkerOptions>) => {
    const worker = await startInProcessWorker(p, extra);
    try {
      const id = await submit();
      await waitForStatus(p.ctx.db, id, "SCORED", 120_000);
      return { id, lines: worker.lines };
    } finally {
      await worker.stop();
    }
  };
  const whole = await scoredBy({});
  const sharded = await scoredBy({ shardLimits: { maxDocuments, maxBytes: 1 << 30 } });
  const job = await p.queue.getJob(scoringJobId(sharded.id));
  return { wholeId: whole.id, shardedId: sharded.id, plan: (job?.data as ScoringJobData | undefined)?.plan, lines: sharded.lines };
}
