// The launcher cleans up after itself in the two ways it used to fail:
// - SIGKILLed (no chance to shut down), the next start stops what it left running and comes up
//   on the same port, with exactly one set of services;
// - with its output piped to a process that exits (`pnpm start | head`), a Ctrl-C still stops
//   everything: a broken stdout does not stop the shutdown.
// Data folders live under the repository (git-ignored); ports are free ones picked at the start.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/free-port.ts";
import { findRedisServer } from "../src/local-redis.ts";
import { readRunInfo, type RunInfo } from "../src/run-file.ts";
import {
  alive,
  postgresAccountBlocked,
  processesMentioning,
  REPO_ROOT,
  startHierboard,
  stopHierboard,
  waitFor,
  type Started,
} from "./launcher-harness.ts";

// Ports the kernel hands out as free, picked once per test: several worktrees run these tests on
// one machine, so fixed ports could meet another run's server.

/** Processes started with HIERBOARD_DATA_DIR=<dataDir> in their environment, with their process group. */
interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  comm: string;
}

async function processesOf(dataDir: string): Promise<Proc[]> {
  const found: Proc[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = await readFile(`/proc/${entry}/environ`, "utf8").catch(() => "");
    if (!environ.split("\0").includes(`HIERBOARD_DATA_DIR=${dataDir}`)) continue;
    const statText = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    if (!statText) continue;
    const fields = statText.slice(statText.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z") continue; // a zombie awaiting its parent's reap holds nothing
    found.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      comm: statText.slice(statText.indexOf("(") + 1, statText.lastIndexOf(")")),
    });
  }
  return found;
}

/** Processes of `all` that are not `root`, its descendants, or in one of `groups`. */
function strangers(all: Proc[], root: number, groups: number[]): Proc[] {
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const descends = (p: Proc): boolean => {
    for (let cur: Proc | undefined = p, hops = 0; cur && hops < 50; cur = byPid.get(cur.ppid), hops++)
      if (cur.pid === root || cur.ppid === root) return true;
    return false;
  };
  return all.filter((p) => !descends(p) && !groups.includes(p.pgid));
}

const haveRedis = findRedisServer() !== undefined;
const blocked = await postgresAccountBlocked();
if (!haveRedis) console.log("skipped: no redis-server on the PATH");
if (blocked) console.log(`skipped: ${blocked}`);

describe.skipIf(!haveRedis || blocked !== undefined)("the launcher cleans up", () => {
  const dataDirs: string[] = [];
  const groups: number[] = [];
  const runs: RunInfo[] = [];

  afterAll(async () => {
    for (const run of runs) for (const pid of [run.launcher, ...Object.values(run.pids)]) if (alive(pid)) process.kill(pid, "SIGKILL");
    for (const group of groups) {
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        // gone
      }
    }
    for (const dir of dataDirs) {
      for (const p of await processesOf(dir)) process.kill(p.pid, "SIGKILL");
      for (const pid of await processesMentioning(dir)) process.kill(pid, "SIGKILL");
      await rm(dir, { recursive: true, force: true });
    }
  });

  async function newDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(REPO_ROOT, ".hierboard-test-"));
    dataDirs.push(dir);
    return dir;
  }

  function track(started: Started): Started {
    groups.push(started.child.pid!);
    runs.push(started.run);
    return started;
  }

  it("after a SIGKILL, the next start stops the orphans and runs exactly one set of services on the same port", async () => {
    const dataDir = await newDataDir();
    const SIGKILL_PORT = await freePort();
    const first = track(await startHierboard(dataDir, SIGKILL_PORT));
    expect(first.url).toBe(`http://127.0.0.1:${SIGKILL_PORT}`);
    const orphans = first.run.pids;
    expect(Object.keys(orphans).sort()).toEqual(["postgres", "reaper", "redis", "web", "worker"]);

    process.kill(first.run.launcher, "SIGKILL");
    const second = track(await startHierboard(dataDir, SIGKILL_PORT));
    expect(second.url).toBe(`http://127.0.0.1:${SIGKILL_PORT}`);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);

    for (const [name, pid] of Object.entries(orphans)) expect(alive(pid), `the first run's ${name} (pid ${pid}) still runs`).toBe(false);
    // Everything started for this folder belongs to the second start: its pnpm and what runs
    // under it, or one of the process groups it recorded (PostgreSQL's backends share the
    // postmaster's group; the reaper is detached).
    const groups = Object.values(second.run.pids);
    await expect.poll(async () => strangers(await processesOf(dataDir), second.child.pid!, groups), { timeout: 30_000 }).toEqual([]);
    const running = await processesOf(dataDir);
    // redis-server rewrites its environment area with its title, so it is found by its port.
    const redisPort = (url: string | undefined) => new URL(url!).port;
    expect(await processesMentioning(`redis-server 127.0.0.1:${redisPort(first.run.redisUrl)}`)).toEqual([]);
    expect(await processesMentioning(`redis-server 127.0.0.1:${redisPort(second.run.redisUrl)}`)).toEqual([second.run.pids.redis]);
    expect(running.filter((p) => p.pid === second.run.pids.postgres)).toHaveLength(1);
    expect(running.filter((p) => p.comm.startsWith("next-server"))).toHaveLength(1);

    await stopHierboard(second);
    await expect.poll(async () => processesOf(dataDir), { timeout: 30_000 }).toEqual([]);
  });

  it("with the output piped into a process that exits, Ctrl-C still stops everything", async () => {
    const dataDir = await newDataDir();
    const PIPE_PORT = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HIERBOARD_DATA_DIR: dataDir,
      PORT: String(PIPE_PORT),
      HIERBOARD_QUEUE_PREFIX: `hbpipe-${PIPE_PORT}`,
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.AUTH_SECRET;
    // Like `pnpm start | tee log` whose tee is gone: head reads three lines and exits, so every
    // later write of the launcher hits a closed pipe. Its own process group, like a terminal's job.
    const shell: ChildProcess = spawn("sh", ["-c", "pnpm start 2>&1 | head -n 3 > /dev/null"], {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: "ignore",
    });
    groups.push(shell.pid!);
    const run = await waitFor("the launcher to be up", 240_000, async () => {
      const info = await readRunInfo(dataDir);
      return info?.url ? info : undefined;
    });
    runs.push(run);
    expect((await fetch(`${run.url}/api/health`)).status).toBe(200);

    process.kill(-shell.pid!, "SIGINT"); // Ctrl-C: the whole foreground group
    await waitFor("the launcher to exit", 90_000, async () => (alive(run.launcher) ? undefined : true));
    for (const [name, pid] of Object.entries(run.pids)) {
      await waitFor(`the ${name} to exit`, 30_000, async () => (alive(pid) ? undefined : true));
    }
    await expect.poll(async () => processesOf(dataDir), { timeout: 30_000 }).toEqual([]);
    // The launcher's own shutdown ran to its end (it removes run.json last); the reaper, which
    // would have written reaper.log, had nothing to do.
    expect(await readRunInfo(dataDir)).toBeUndefined();
    expect(await readFile(path.join(dataDir, "reaper.log"), "utf8").catch(() => undefined)).toBeUndefined();
  });
});
