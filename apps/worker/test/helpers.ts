import type { Db } from "@hierboard/db";
import { createRedisConnection } from "@hierboard/queue";
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
