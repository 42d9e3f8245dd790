// `<dataDir>/run.json`: the running launcher's pid, URL and the pids of what it started (each with
// its start time, so a reused pid is never taken for it). It keeps a second `pnpm start` off the
// same data folder, lets the next start stop what a crashed one left running, and tests read it
// to check nothing is left.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isAlive } from "./process-identity.ts";

export interface RunInfo {
  launcher: number;
  url?: string;
  /** The web app's port, freed again by the next start if a crash left it taken. */
  port?: number;
  /** What the running services are reached by, so `hierboard import-germeval` can use them. */
  databaseUrl?: string;
  redisUrl?: string;
  queuePrefix?: string;
  /** web, worker, redis, postgres, reaper, next build: each process as it is started. */
  pids: Record<string, number>;
  /** Start times (/proc/<pid>/stat) of the pids above, where known. */
  startTimes?: Record<string, string>;
}

const file = (dataDir: string) => path.join(dataDir, "run.json");

/** The run.json left in the folder, whoever wrote it. */
export async function readRunInfo(dataDir: string): Promise<RunInfo | undefined> {
  const text = await readFile(file(dataDir), "utf8").catch(() => undefined);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RunInfo;
  } catch {
    return undefined; // a start killed while writing it
  }
}

/** The run.json of another launcher that is still alive, if any. */
export async function runningLauncher(dataDir: string): Promise<RunInfo | undefined> {
  const info = await readRunInfo(dataDir);
  return info && info.launcher !== process.pid && isAlive(info.launcher) ? info : undefined;
}

export async function writeRunInfo(dataDir: string, info: RunInfo): Promise<void> {
  // 0600: the database URL carries the embedded cluster's password. Written whole, then renamed.
  const temp = `${file(dataDir)}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  const { rename } = await import("node:fs/promises");
  await rename(temp, file(dataDir));
}

export async function removeRunInfo(dataDir: string): Promise<void> {
  await rm(file(dataDir), { force: true });
}
