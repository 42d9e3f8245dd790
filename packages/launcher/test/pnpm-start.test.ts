// Boots `pnpm start` as a user would, with the embedded PostgreSQL and a local redis-server in a
// temporary data folder, reads the demo board over HTTP, then stops it with SIGTERM (what Ctrl-C
// sends to the whole group) and checks that nothing it started is left running. A second start on
// the same folder must reuse the data: no second admin, no duplicated demo.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/free-port.ts";
import { findRedisServer } from "../src/local-redis.ts";
import {
  alive,
  DEMO_TEAMS,
  expectNothingLeft,
  postgresAccountBlocked,
  processesMentioning,
  startHierboard,
  stopHierboard,
  waitFor,
  type Started,
} from "./launcher-harness.ts";

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

  /** In a pipe: the worker's and the web app's log records are plain JSON lines, and Next.js warns of nothing. */
  function expectPipedOutputClean(output: string): void {
    const records = output.split("\n").filter((line) => line.includes('"service":"worker"'));
    expect(records.length).toBeGreaterThan(0);
    for (const line of records) expect(JSON.parse(line)).toMatchObject({ service: "worker" });
    expect(output).not.toMatch(/does not work with "output: standalone"|Warning:|⚠/);
  }

  it("serves the demo board with all six teams scored, stops cleanly, and reuses its data", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "hierboard-start-"));
    // A free port (several worktrees run this test on one machine), kept for both starts.
    const port = await freePort();

    const first = await startHierboard(dataDir, port);
    running.push(first);
    console.log(`cold start (incl. a next build if none existed): ${(first.ms / 1000).toFixed(1)} s`);
    expect(first.output()).toContain("password:");
    expect(Object.keys(first.run.pids).sort()).toEqual(["postgres", "reaper", "redis", "web", "worker"]);

    // The worker scores the six submissions; poll the public API until they are all on the board.
    const rows = await waitFor("six scored teams on the board", 120_000, async () => {
      const response = await fetch(`${first.url}/api/tasks/demo/leaderboard?phase=test`);
      const body = (await response.json()) as { leaderboard: { rows: { teamName: string; teamId: string; rank: number | null }[] } };
      return body.leaderboard.rows.length === DEMO_TEAMS.length ? body.leaderboard.rows : undefined;
    });
    expect(rows.map((r) => r.teamName).sort()).toEqual([...DEMO_TEAMS].sort());
    expect(rows.find((r) => r.rank === 1)?.teamName).toBe("Kestrel");
    // The public task page shows them too.
    const page = await (await fetch(`${first.url}/tasks/demo`)).text();
    for (const team of DEMO_TEAMS) expect(page).toContain(team);
    // Each name links to the team's public page: its system description, never an address.
    const kestrel = rows.find((r) => r.teamName === "Kestrel")!;
    expect(page).toContain(`href="/tasks/demo/teams/${kestrel.teamId}"`);
    const teamPage = await fetch(`${first.url}/tasks/demo/teams/${kestrel.teamId}`);
    expect(teamPage.status).toBe(200);
    const teamHtml = await teamPage.text();
    expect(teamHtml).toContain("Kestrel-strong");
    expect(teamHtml).not.toMatch(/@demo\.hierboard\.local/);
    // The page's stylesheet is served: the standalone server has the static files beside it.
    const stylesheet = /\/_next\/static\/[^"]+\.css/.exec(page)?.[0];
    expect((await fetch(`${first.url}${stylesheet}`)).status).toBe(200);
    expectPipedOutputClean(first.output());

    await stopHierboard(first);
    await expectNothingLeft(first, dataDir);

    // Second start: same data, no new admin password, no duplicated demo.
    const second = await startHierboard(dataDir, port);
    running.push(second);
    console.log(`warm start: ${(second.ms / 1000).toFixed(1)} s`);
    expect(second.output()).not.toContain("password:");
    expect(second.output()).not.toContain("created the demo task");
    const board = (await (await fetch(`${second.url}/api/tasks/demo/leaderboard?phase=test`)).json()) as {
      leaderboard: { rows: unknown[] };
    };
    expect(board.leaderboard.rows).toHaveLength(DEMO_TEAMS.length);

    await stopHierboard(second);
    await expectNothingLeft(second, dataDir);
  });
});
