import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { loadPlatformEnv } from "../../context/env.ts";
import { AppError } from "../../errors/app-error.ts";
import type { EngineTask, EngineTaskResult } from "./engine-tasks.ts";
import { withSharedBytes } from "./shared-bytes.ts";

// One pool per process, kept on globalThis so that Next.js dev reloads reuse it.
const holder = globalThis as unknown as { __hierboardEnginePool?: Piscina };

const THREAD_FILE = ["engine-thread", "mjs"].join("."); // not a literal: bundlers must not rewrite it
const FROM_ROOT = path.join("packages", "platform", "src", "scoring", "engine", THREAD_FILE);
/** The self-contained build of the thread (build-engine-thread.ts), for installs without sources or tsx. */
export const BUILT_FROM_ROOT = path.join("packages", "platform", "dist", THREAD_FILE);

/**
 * Where the thread entry is: HIERBOARD_ENGINE_THREAD, else next to this module (tests, scripts),
 * else under the repository root above the working directory (the Next.js server, whose bundle
 * has no such sibling): the source entry where the sources are, else the built one (the web
 * image's standalone output, the bundled worker and CLI).
 */
function threadFile(configured: string | undefined): string {
  if (configured) return configured;
  try {
    const sibling = path.join(path.dirname(fileURLToPath(import.meta.url)), THREAD_FILE);
    if (existsSync(sibling)) return sibling;
  } catch {
    // import.meta.url is not a file URL inside a bundle
  }
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, FROM_ROOT), path.join(dir, BUILT_FROM_ROOT)]) if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    `engine thread entry ${FROM_ROOT} or ${BUILT_FROM_ROOT} not found above ${process.cwd()}; build it (pnpm --filter @hierboard/platform build:engine-thread) or set HIERBOARD_ENGINE_THREAD`,
  );
}

/** The process's engine threads: a bounded pool with a bounded queue. */
export function enginePool(): Piscina {
  if (!holder.__hierboardEnginePool) {
    const env = loadPlatformEnv();
    holder.__hierboardEnginePool = new Piscina({
      filename: threadFile(env.HIERBOARD_ENGINE_THREAD),
      minThreads: 1,
      maxThreads: env.HIERBOARD_ENGINE_THREADS,
      maxQueue: env.HIERBOARD_ENGINE_QUEUE,
      idleTimeout: 60_000,
    });
  }
  return holder.__hierboardEnginePool;
}

/**
 * Runs an engine task in a thread, never on the request thread. A thread that has not parsed
 * the task's taxonomy or gold yet asks for the files; `withFiles` adds them and the task runs
 * again. The thread's AppError is rethrown here; a full queue is SERVER_BUSY (503). `signal`
 * aborts the task: its thread is ended and the promise rejects with the signal's reason.
 */
export async function runInEngineThread<T>(
  task: EngineTask,
  withFiles: (task: EngineTask) => Promise<EngineTask>,
  signal?: AbortSignal,
): Promise<T> {
  const shared = withSharedBytes(task);
  let result = await run(shared, signal);
  if (!result.ok && "need" in result) result = await run(withSharedBytes(await withFiles(shared)), signal);
  if (result.ok) return result.value as T;
  if ("need" in result) throw new AppError("INTERNAL", "an engine thread asked twice for the same files");
  throw new AppError(result.error.code, result.error.message, result.error.details);
}

async function run(task: EngineTask, signal: AbortSignal | undefined): Promise<EngineTaskResult> {
  signal?.throwIfAborted();
  const pool = enginePool();
  if (pool.queueSize >= pool.options.maxQueue)
    throw new AppError("SERVER_BUSY", "The server is validating too many files at once; try again in a few seconds.", {
      retryAfterSeconds: 5,
    });
  // Byte arrays are shared (withSharedBytes), not copied: the caller still stores them afterwards.
  try {
    return (await pool.run(task, signal ? { signal } : {})) as EngineTaskResult;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeEnginePool(): Promise<void> {
  const pool = holder.__hierboardEnginePool;
  holder.__hierboardEnginePool = undefined;
  await pool?.destroy();
}
