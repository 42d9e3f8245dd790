// `<dataDir>/run.json`: the running launcher's pid, URL and the pids of what it started. It keeps
// a second `pnpm start` off the same data folder, and tests read it to check nothing is left.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export interface RunInfo {
  launcher: number;
  url?: string;
  /** What the running services are reached by, so `hierboard import-germeval` can use them. */
  databaseUrl?: string;
  redisUrl?: string;
  queuePrefix?: string;
  pids: Record<string, number>;
}

const file = (dataDir: string) => path.join(dataDir, "run.json");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The run.json of another launcher that is still alive, if any. */
export async function runningLauncher(dataDir: string): Promise<RunInfo | undefined> {
  const text = await readFile(file(dataDir), "utf8").catch(() => undefined);
  if (!text) return undefined;
  const info = JSON.parse(text) as RunInfo;
  return info.launcher !== process.pid && alive(info.launcher) ? info : undefined;
}

export async function writeRunInfo(dataDir: string, info: RunInfo): Promise<void> {
  // 0600: the database URL carries the embedded cluster's password.
  await writeFile(file(dataDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
}

export async function removeRunInfo(dataDir: string): Promise<void> {
  await rm(file(dataDir), { force: true });
}
