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
  redis: Redis;
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
    redis,
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
  /** Settles (rejects) when the process ends while it was meant to run. */
  died: Promise<never>;
  output(): string;
  /** Peak resident set (VmHWM) so far, in MiB. */
  peakRssMiB(): number;
  /** CPU seconds (user + system, all threads) so far. */
  cpuSeconds(): number;
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
  let stopping = false;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const died = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) => {
      if (!stopping) reject(new Error(`worker ${child.pid} exited (${code ?? signal}):\n${out.split("\n").slice(-15).join("\n")}`));
    }),
  );
  died.catch(() => {});
  return {
    child,
    died,
    output: () => out,
    peakRssMiB: () => peakRssMiBOf(child.pid!),
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    async stop() {
      stopping = true;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A running process's peak resident set (VmHWM) so far, in MiB. */
export function peakRssMiBOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A running process's CPU seconds (user + system, all threads) so far. */
export function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** Bytes Redis holds for one submission's jobs (the parent, its shards and their lists), by MEMORY USAGE. */
export async function redisBytesOf(h: Harness, submissionId: string): Promise<number> {
  const { redis } = h;
  let bytes = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${h.prefix}:scoring:score-${submissionId}*`, "COUNT", 1000);
    cursor = next;
    for (const key of keys) bytes += Number((await redis.memory("USAGE", key)) ?? 0);
  } while (cursor !== "0");
  return bytes;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
