// Shared by the pipeline benchmarks: a fresh database on the local server, a uniquely prefixed
// queue on the local Redis, a platform context that enqueues there, and worker processes.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import type { PlatformContext } from "@hierboard/platform";
import { createRedisConnection, createScoringQueue, enqueueScoring, type ScoringQueue } from "@hierboard/queue";
import type { Redis } from "ioredis";

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export interface Harness {
  ctx: PlatformContext;
  database: TestDatabase;
  queue: ScoringQueue;
  prefix: string;
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const database = await createTestDatabase();
  const prefix = `hbbench-${randomBytes(4).toString("hex")}`;
  const redis: Redis = createRedisConnection(REDIS_URL, "producer");
  const queue = createScoringQueue(redis, { prefix });
  const ctx: PlatformContext = {
    db: database.db,
    maxUploadBytes: 512 * 1024 * 1024,
    now: () => new Date(),
    enqueueScoring: async (id, opts) => void (await enqueueScoring(queue, id, opts)),
  };
  return {
    ctx,
    database,
    queue,
    prefix,
    async close() {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      redis.disconnect();
      await database.drop();
    },
  };
}

export interface BenchWorker {
  child: ChildProcess;
  output(): string;
  /** Peak resident set (VmHWM) so far, in MiB. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** Starts a worker process (src/main.ts) and waits until it is ready. */
export async function startWorker(h: Harness, env: Record<string, string>): Promise<BenchWorker> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: workerDir,
    env: {
      ...process.env,
      DATABASE_URL: h.database.url,
      REDIS_URL,
      HIERBOARD_QUEUE_PREFIX: h.prefix,
      WORKER_SWEEP_INTERVAL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready (pid")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}: ${out}`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    output: () => out,
    peakRssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function waitScored(h: Harness, ids: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await h.ctx.db.submission.count({ where: { id: { in: [...ids] }, status: { notIn: ["SCORED", "FAILED"] } } });
    if (pending === 0) break;
    if (Date.now() > deadline) throw new Error(`${pending} submissions still unscored after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const failed = await h.ctx.db.submission.findMany({ where: { id: { in: [...ids] }, status: "FAILED" }, select: { errorMessage: true } });
  if (failed.length) throw new Error(`${failed.length} submissions FAILED: ${failed[0]!.errorMessage}`);
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
