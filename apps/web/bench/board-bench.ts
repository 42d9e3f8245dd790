// `pnpm bench:web` (root): the public board's server time and the public pages under load.
//
// 1. Board benchmark: 100 teams × 20 submissions seeded into a fresh database. Times the platform's
//    worker's board job (first run records every submission's statistics from its file, as for
//    data scored before they were stored; a second run tests nothing), getLeaderboard (cold, a
//    rebuild, a cache hit, after a new score) and the rendered page over loopback.
// 2. Load test: 200 teams × 20 submissions in another fresh database; autocannon for a fixed time
//    against the board page, the rankings page and the leaderboard API; p50/p95/p99 and
//    requests/s. Then a new score arrives and the API must show it at once (cache invalidation).
//
// Needs the production build in apps/web/.next-bench (the `bench` script builds it).
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { clearBoardCache, getLeaderboard, updateBoardTies, type PlatformContext } from "@hierboard/platform";
import { CONNECTIONS, loadPage, type PageLoad } from "./load-page.ts";
import { seedBoard, type SeededBoard } from "./seed-board.ts";
import { startWebServer, summarise, webDir } from "./web-server.ts";

const DURATION_S = Number(process.argv.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? 10);
const ms = (x: number) => Math.round(x * 100) / 100;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverageAtStart: loadavg().map((x) => ms(x)),
};

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

async function seeded(
  teams: number,
  perTeam: number,
): Promise<{ database: TestDatabase; ctx: PlatformContext; board: SeededBoard; seconds: number }> {
  const database = await createTestDatabase();
  const ctx: PlatformContext = { db: database.db, maxUploadBytes: 50 * 1024 * 1024, now: () => new Date(), enqueueScoring: async () => {} };
  const [t, board] = await timed(() => seedBoard(ctx, { teams, submissionsPerTeam: perTeam }));
  return { database, ctx, board, seconds: t / 1000 };
}

async function boardBenchmark(): Promise<void> {
  const { database, ctx, board, seconds } = await seeded(100, 20);
  console.log(`seeded 100 teams × 20 submissions (+2 baselines) in ${seconds.toFixed(1)} s`);
  const input = { slug: board.slug, phaseKey: board.phaseKey, subtaskKey: board.subtaskKey, viewerId: null };
  try {
    const { phaseId, subtaskId } = await ctx.db.submission.findFirstOrThrow({
      where: { phase: { key: board.phaseKey, task: { slug: board.slug } } },
      select: { phaseId: true, subtaskId: true },
    });
    const [boardJobFirst] = await timed(() => updateBoardTies(ctx.db, { phaseId, subtaskId }));
    const [boardJobAgain, again] = await timed(() => updateBoardTies(ctx.db, { phaseId, subtaskId }));
    if (again.tested !== 0) throw new Error(`a second board job tested ${again.tested} pairs`);
    clearBoardCache();
    const [cold, first] = await timed(() => getLeaderboard(input, ctx));
    if (!first.ties.complete || first.ties.pending) throw new Error("tie groups missing after the board job");
    const rebuilds: number[] = [];
    for (let i = 0; i < 20; i++) {
      clearBoardCache();
      rebuilds.push((await timed(() => getLeaderboard(input, ctx)))[0]);
    }
    const hits: number[] = [];
    for (let i = 0; i < 200; i++) hits.push((await timed(() => getLeaderboard(input, ctx)))[0]);
    await board.addScoredSubmission("Latecomer");
    const [afterNewScore, updated] = await timed(() => getLeaderboard(input, ctx));
    if (!updated.rows.some((r) => r.teamName === "Latecomer")) throw new Error("the new score is missing from the board");

    const server = await startWebServer(database.url);
    try {
      const page = `${server.url}/tasks/${board.slug}?phase=${board.phaseKey}&subtask=${board.subtaskKey}`;
      const rankings = `${server.url}/tasks/${board.slug}/rankings?phase=${board.phaseKey}&subtask=${board.subtaskKey}`;
      const sorted = `${page}&sort=flat.micro.f1&order=desc`;
      const times: Record<string, number[]> = { page: [], rankings: [], sorted: [] };
      for (const [name, url] of [
        ["page", page],
        ["rankings", rankings],
        ["sorted", sorted],
      ] as const) {
        for (let i = 0; i < 5; i++) await (await fetch(url)).text(); // warm up (route compilation, caches)
        for (let i = 0; i < 30; i++) {
          const [t, response] = await timed(async () => {
            const r = await fetch(url);
            await r.text();
            return r;
          });
          if (!response.ok) throw new Error(`${url}: ${response.status}`);
          times[name]!.push(t);
        }
      }
      results.board = {
        loadAverage: loadavg().map((x) => ms(x)),
        teams: 100,
        submissionsPerTeam: 20,
        rows: first.rows.length,
        scoreRows: await ctx.db.score.count(),
        platformMs: {
          boardJobFirstRun: ms(boardJobFirst),
          boardJobSecondRun: ms(boardJobAgain),
          coldFirstAnswer: ms(cold),
          rebuildTiesCached: Object.fromEntries(Object.entries(summarise(rebuilds)).map(([k, v]) => [k, ms(v)])),
          cacheHit: Object.fromEntries(Object.entries(summarise(hits)).map(([k, v]) => [k, ms(v)])),
          afterNewScore: ms(afterNewScore),
        },
        pageMs: Object.fromEntries(
          Object.entries(times).map(([name, t]) => [name, Object.fromEntries(Object.entries(summarise(t)).map(([k, v]) => [k, ms(v)]))]),
        ),
      };
      console.log(JSON.stringify(results.board, null, 2));
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function loadTest(): Promise<void> {
  const { database, board, seconds } = await seeded(200, 20);
  console.log(`seeded 200 teams × 20 submissions (+2 baselines) in ${seconds.toFixed(1)} s`);
  const server = await startWebServer(database.url);
  try {
    const query = `phase=${board.phaseKey}&subtask=${board.subtaskKey}`;
    const page = `${server.url}/tasks/${board.slug}?${query}`;
    const rankings = `${server.url}/tasks/${board.slug}/rankings?${query}`;
    // Any cookie makes the proxy render the page instead of using the page cache (as for signed-in visitors).
    const rendered = { cookie: "bench=rendered" };
    const targets: Record<string, { url: string; headers?: Record<string, string> }> = {
      "board page": { url: page },
      "rankings page": { url: rankings },
      "leaderboard API": { url: `${server.url}/api/tasks/${board.slug}/leaderboard?${query}` },
      "board page, rendered each time (cookie)": { url: page, headers: rendered },
      "rankings page, rendered each time (cookie)": { url: rankings, headers: rendered },
      "board page, all rows (page=all)": { url: `${page}&page=all` },
    };
    const api = targets["leaderboard API"]!.url;
    const [firstMs] = await timed(async () => (await fetch(api)).text());
    // Steady state: the cold board's tie tests (run after the first response) are done.
    const [tiesMs] = await timed(async () => {
      for (let i = 0; i < 1200; i++) {
        const body = (await (await fetch(api)).json()) as { leaderboard: { ties: { pending: boolean } } };
        if (!body.leaderboard.ties.pending) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const out: Record<string, unknown> = {
      loadAverage: loadavg().map((x) => ms(x)),
      teams: 200,
      submissionsPerTeam: 20,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      firstRequestMs: ms(firstMs),
      tieTestsAfterFirstResponseMs: ms(tiesMs),
    };
    for (const [name, { url, headers }] of Object.entries(targets)) {
      for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).text();
      out[name] = await loadPage(url, DURATION_S, headers);
      console.log(
        name,
        out[name],
        `load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(" ")}`,
      );
    }
    for (const name of ["board page", "rankings page"]) {
      const r = out[name] as PageLoad;
      const met = r.requestsPerSecond >= 50 && r.p95 < 300 && r.non2xx === 0 && r.errors === 0;
      console.log(
        `${name}: ${r.requestsPerSecond} requests/s, p95 ${r.p95} ms — target ≥ 50 requests/s at p95 < 300 ms: ${met ? "MET" : "MISSED"}`,
      );
    }
    // Invalidation: a new score must be on the very next response, in another process than the writer.
    const id = await board.addScoredSubmission("Latecomer");
    const [pageMs, pageAfter] = await timed(async () => {
      const response = await fetch(page);
      return { cache: response.headers.get("x-hierboard-page-cache"), html: await response.text() };
    });
    // The page cache: the very next anonymous page has the new team, rendered anew (its key changed).
    if (!pageAfter.html.includes("Latecomer")) throw new Error("page cache invalidation failed: the new score is not on the page");
    out.pageInvalidation = { newScoreOnNextPage: true, cache: pageAfter.cache, ms: ms(pageMs) };
    console.log("page invalidation", out.pageInvalidation);
    const [invalidationMs, body] = await timed(
      async () =>
        (await fetch(api)).json() as Promise<{
          leaderboard: { rows: { submissionId: string; rank: number | null }[] };
        }>,
    );
    const row = body.leaderboard.rows.find((r) => r.submissionId === id);
    if (!row) throw new Error("cache invalidation failed: the new score is not on the board");
    out.invalidation = { newScoreVisibleOnNextRequest: true, rank: row.rank, rebuildMs: ms(invalidationMs) };
    console.log("invalidation", out.invalidation);
    results.load = out;
  } finally {
    await server.stop();
    await database.drop();
  }
}

const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1];
if (!only || only === "board") await boardBenchmark();
if (!only || only === "load") await loadTest();
const dir = path.join(webDir, "bench-results");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "board-bench.json"), JSON.stringify(results, null, 2) + "\n");
console.log(`written ${path.join(dir, "board-bench.json")}`);
process.exit(0);
