// `pnpm bench:load` (root): the whole platform under load, on loopback, bounded.
//
// The production web build, 2 scoring worker processes and the GermEval 2019 Task 1 data (subtask B,
// 4,157 documents, read from /work/shared/data at run time) in a fresh database and queue prefix.
// While 200 simulated visitors browse the boards, the rankings, reports and the leaderboard API,
// 20 teams submit GermEval files through the JSON API at 1 per second in all, for
// BENCH_LOAD_SECONDS (default 300). Then every accepted upload must be SCORED, once, with the
// engine's own values for its file. Prints the request latencies per page kind, the queue wait and
// upload → scored; writes apps/web/bench-results/load-bench.json.
//
// Knobs: BENCH_LOAD_SECONDS (300), BENCH_LOAD_VISITORS (200), BENCH_LOAD_THINK_MS (5000, a visitor's
// mean pause), BENCH_LOAD_TEAMS (20), BENCH_LOAD_UPLOADS_PER_SECOND (1), BENCH_LOAD_WORKERS (2),
// BENCH_LOAD_WORKER_CONCURRENCY (1). Needs the build in apps/web/.next-bench (the script builds it).
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@hierboard/db/testing";
import type { PlatformContext } from "@hierboard/platform";
import { createRedisConnection, createScoringQueue } from "@hierboard/queue";
import { checkScores } from "./load/check-scores.ts";
import { closeReportsPhase, seedGermevalTask } from "./load/germeval-task.ts";
import { runUploads, type Upload } from "./load/uploads.ts";
import { runVisitors, type PageKind } from "./load/visitors.ts";
import { startWorkerProcess, type WorkerProcess } from "./load/worker-processes.ts";
import { startWebServer, summarise, webDir, type WebServer } from "./web-server.ts";

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = knob("BENCH_LOAD_SECONDS", 300);
const VISITORS = knob("BENCH_LOAD_VISITORS", 200);
const THINK_MS = knob("BENCH_LOAD_THINK_MS", 5000);
const TEAMS = knob("BENCH_LOAD_TEAMS", 20);
const PER_SECOND = knob("BENCH_LOAD_UPLOADS_PER_SECOND", 1);
const WORKERS = knob("BENCH_LOAD_WORKERS", 2);
const CONCURRENCY = knob("BENCH_LOAD_WORKER_CONCURRENCY", 1);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const round = (x: number) => Math.round(x * 10) / 10;
const stats = (xs: readonly number[]) => Object.fromEntries(Object.entries(summarise(xs)).map(([k, v]) => [k, round(v)]));
const load = () => loadavg().map(round);

const prefix = `hbload-${randomBytes(4).toString("hex")}`;
// Each team sends TEAMS / PER_SECOND s apart: 30 in the default 600 s window at the defaults. The
// limit's own knob is raised so the benchmark measures the pipeline, not the limiter.
const uploadAttempts = Math.ceil((600 * PER_SECOND) / TEAMS) * 2 + 10;
const database = await createTestDatabase();
const ctx: PlatformContext = { db: database.db, maxUploadBytes: 50 * 1024 * 1024, now: () => new Date(), enqueueScoring: async () => {} };
const workers: WorkerProcess[] = [];
let server: WebServer | undefined;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverageAtStart: load(),
  knobs: { SECONDS, VISITORS, THINK_MS, TEAMS, PER_SECOND, WORKERS, CONCURRENCY, uploadAttempts },
};
try {
  const task = await seedGermevalTask(ctx, TEAMS);
  const env = { REDIS_URL, HIERBOARD_QUEUE_PREFIX: prefix };
  server = await startWebServer(database.url, { env: { ...env, HIERBOARD_UPLOAD_ATTEMPTS: String(uploadAttempts) } });
  for (let i = 0; i < WORKERS; i++) {
    workers.push(await startWorkerProcess({ ...env, DATABASE_URL: database.url, WORKER_CONCURRENCY: String(CONCURRENCY) }));
  }
  const files = new Map(task.files.map((f) => [f.fileName, f.content]));
  const uploadOpts = { baseUrl: server.url, slug: task.slug, subtaskKey: task.subtaskKey, teams: task.teams, files: task.files };

  // Reports to browse: one submission per team in a phase that then closes (reports become public).
  const seeded = await runUploads({ ...uploadOpts, phaseKey: task.reportsPhase.key, perSecond: 10, until: Date.now() + TEAMS * 100 });
  const seededIds = accepted(seeded, "seeding the reports phase");
  await waitFinished(seededIds, 600_000);
  await closeReportsPhase(ctx, task);

  const base = `${server.url}/tasks/${task.slug}`;
  const live = `phase=${task.livePhase}&subtask=${task.subtaskKey}`;
  const closed = `phase=${task.reportsPhase.key}&subtask=${task.subtaskKey}`;
  const pages: PageKind[] = [
    { kind: "board (live phase)", weight: 3, url: () => `${base}?${live}` },
    { kind: "board (closed phase)", weight: 1, url: () => `${base}?${closed}` },
    { kind: "rankings", weight: 2, url: () => `${base}/rankings?${live}` },
    { kind: "report", weight: 2, url: (random) => `${base}/submissions/${seededIds[Math.floor(random() * seededIds.length)]}` },
    { kind: "leaderboard API", weight: 1, url: () => `${server!.url}/api/tasks/${task.slug}/leaderboard?${live}` },
  ];
  for (const page of pages) await (await fetch(page.url(Math.random))).arrayBuffer(); // compile and warm each route once

  console.log(
    `load: ${VISITORS} visitors (think ${THINK_MS} ms), ${TEAMS} teams uploading ${PER_SECOND}/s, ${WORKERS} workers × concurrency ${CONCURRENCY}, ${SECONDS} s; load average ${load().join(" ")}`,
  );
  const startedAt = Date.now();
  const until = startedAt + SECONDS * 1000;
  const loadSamples: number[] = [];
  const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 10_000);
  const [visits, uploads] = await Promise.all([
    runVisitors({ visitors: VISITORS, thinkMs: THINK_MS, until, pages }),
    runUploads({ ...uploadOpts, phaseKey: task.livePhase, perSecond: PER_SECOND, until }),
  ]);
  const ids = accepted(uploads, "the run");
  const drainStarted = Date.now();
  await waitFinished(ids, 900_000);
  clearInterval(sampler);
  const drainS = (Date.now() - drainStarted) / 1000;

  const sentAt = new Map(uploads.map((u) => [u.submissionId, u.sentAt]));
  const timing = await ctx.db.submission.findMany({
    where: { id: { in: ids } },
    select: { id: true, createdAt: true, startedAt: true, finishedAt: true },
  });
  const byKind = Object.fromEntries(
    pages.map((p) => {
      const mine = visits.filter((v) => v.kind === p.kind);
      const ok = mine.filter((v) => v.status >= 200 && v.status < 300);
      return [
        p.kind,
        {
          requests: mine.length,
          non2xx: mine.length - ok.length,
          kBPerResponse: round(ok.reduce((s, v) => s + v.bytes, 0) / Math.max(1, ok.length) / 1024),
          ms: stats(mine.map((v) => v.ms)),
        },
      ];
    }),
  );
  const check = await checkScores(
    ctx.db,
    uploads.filter((u) => u.submissionId).map((u) => ({ id: u.submissionId!, fileName: u.fileName })),
    files,
  );
  Object.assign(results, {
    loadAverageDuringRun: {
      samples: loadSamples.length,
      max: round(Math.max(...loadSamples)),
      mean: round(loadSamples.reduce((a, b) => a + b, 0) / Math.max(1, loadSamples.length)),
    },
    loadAverageAtEnd: load(),
    visits: { total: visits.length, perSecond: round(visits.length / SECONDS), all: stats(visits.map((v) => v.ms)), byKind },
    uploads: {
      sent: uploads.length,
      accepted: ids.length,
      refused: uploads.filter((u) => u.status !== 201).map((u) => ({ team: u.team, status: u.status, error: u.error })),
      retried: uploads.filter((u) => u.attempts > 1).length,
      requestMs: stats(uploads.map((u) => u.ms)),
      queueWaitMs: stats(timing.map((t) => t.startedAt!.getTime() - t.createdAt.getTime())),
      scoringMs: stats(timing.map((t) => t.finishedAt!.getTime() - t.startedAt!.getTime())),
      uploadToScoredMs: stats(timing.map((t) => t.finishedAt!.getTime() - sentAt.get(t.id)!)),
      drainAfterRunSeconds: round(drainS),
    },
    check: { ...check, different: check.different.slice(0, 10) },
  });
  console.log(JSON.stringify(results, null, 2));
  const lost = check.notScored.length + check.scoreSetsOtherThanOne.length + check.different.length + (uploads.length - ids.length);
  const dir = path.join(webDir, "bench-results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "load-bench.json"), JSON.stringify(results, null, 2) + "\n");
  console.log(
    lost === 0
      ? `nothing lost: ${check.scored} of ${uploads.length} uploads SCORED once, ${check.rowsCompared} score rows equal to the engine's`
      : `LOST OR WRONG: ${lost} (see check in bench-results/load-bench.json)`,
  );
  process.exitCode = lost === 0 ? 0 : 1;
} finally {
  await Promise.all(workers.map((w) => w.stop()));
  await server?.stop();
  await database.drop();
  // The run's queue keys in the shared Redis (its own prefix).
  const redis = createRedisConnection(REDIS_URL, "producer");
  const queue = createScoringQueue(redis, { prefix });
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  redis.disconnect();
}
process.exit();

function accepted(uploads: readonly Upload[], what: string): string[] {
  const refused = uploads.filter((u) => u.status !== 201 || !u.submissionId);
  if (refused.length > 0) console.warn(`${refused.length} uploads refused in ${what}, first: ${refused[0]!.status} ${refused[0]!.error}`);
  return uploads.flatMap((u) => (u.submissionId ? [u.submissionId] : []));
}

/** Waits until none of the submissions is QUEUED or SCORING (bounded). */
async function waitFinished(ids: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await ctx.db.submission.count({ where: { id: { in: [...ids] }, status: { in: ["QUEUED", "SCORING"] } } });
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} submissions still not finished after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
