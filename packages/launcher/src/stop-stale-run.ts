// Stops what a launcher that died without shutting down (SIGKILL, a closed terminal, the OOM
// killer) left running, from the pids in its run.json: web, worker and a next build as process
// groups, then Redis, then PostgreSQL (fast shutdown), then waits for the web port to be free.
// Used by the next start and by the launcher's reaper.
import { isPortFree } from "./free-port.ts";
import { isAlive, isSameProcess } from "./process-identity.ts";
import { readRunInfo, removeRunInfo, type RunInfo } from "./run-file.ts";

const ORDER: { name: string; signal: NodeJS.Signals; group: boolean }[] = [
  // The dead launcher's reaper first, so that it does not race the clean-up.
  { name: "reaper", signal: "SIGKILL", group: false },
  { name: "web", signal: "SIGTERM", group: true },
  { name: "worker", signal: "SIGTERM", group: true },
  { name: "next build", signal: "SIGTERM", group: true },
  { name: "redis", signal: "SIGTERM", group: true },
  // SIGINT is PostgreSQL's fast shutdown; its backends exit with it.
  { name: "postgres", signal: "SIGINT", group: false },
];

function signal(pid: number, sig: NodeJS.Signals, group: boolean): void {
  try {
    process.kill(group ? -pid : pid, sig);
  } catch {
    try {
      process.kill(pid, sig); // not a group leader
    } catch {
      // gone
    }
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** Stops one recorded process (and its group): the signal, then SIGKILL after `graceMs`. */
async function stopRecorded(info: RunInfo, name: string, sig: NodeJS.Signals, group: boolean, graceMs: number): Promise<boolean> {
  const pid = info.pids[name];
  if (pid === undefined || pid === process.pid || !isSameProcess(pid, info.startTimes?.[name])) return false;
  signal(pid, sig, group);
  if (!(await waitUntil(() => !isAlive(pid), graceMs))) {
    signal(pid, "SIGKILL", group);
    await waitUntil(() => !isAlive(pid), 5000);
  }
  if (group) signal(pid, "SIGKILL", true); // grandchildren that outlived the leader
  return true;
}

/**
 * If the folder's run.json belongs to a launcher that is no longer alive, stops every process it
 * recorded that still runs, waits for its web port to be free, and removes the file. Returns the
 * names of what it stopped. A live launcher's run is left alone.
 */
export async function stopStaleRun(dataDir: string, log: (line: string) => void, opts: { graceMs?: number } = {}): Promise<string[]> {
  const info = await readRunInfo(dataDir);
  if (!info || info.launcher === process.pid || isAlive(info.launcher)) return [];
  const stopped: string[] = [];
  for (const { name, signal: sig, group } of ORDER) {
    const pid = info.pids[name];
    if (await stopRecorded(info, name, sig, group, opts.graceMs ?? 15_000)) {
      stopped.push(name);
      log(`stopped the ${name} (pid ${pid}) left running by a launcher that died (pid ${info.launcher})`);
    }
  }
  if (info.port !== undefined && !(await waitUntil(() => isPortFree(info.port!), 15_000))) {
    log(`port ${info.port} is still taken by a process this launcher did not start`);
  }
  // Only if it is still that launcher's file (a new start may have written its own meanwhile).
  if ((await readRunInfo(dataDir))?.launcher === info.launcher) await removeRunInfo(dataDir);
  return stopped;
}
