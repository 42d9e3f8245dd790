// `pnpm bench:abuse` (root): the issue-10 bars, measured (a benchmark that prints numbers, not a
// timed test). Needs ../shared/data/germeval2019 (or $HIERBOARD_SHARED/data/germeval2019).
//
// 1. A fresh database; a worker process; `hierboard import-germeval … --wait` (scores and board
//    jobs done); then a fresh web server (production build in .next-bench) that has served nothing.
// 2. The first board request of each subtask, the first report view.
// 3. 24 anonymous compare pages of distinct pairs, 4 at a time, while /api/health is polled every
//    50 ms.
// 4. Three 20 MB newline-padded uploads (one bad label at the end) and one 45 MB one, at once,
//    while /api/health is polled every 50 ms; all must be refused with 422.
// 5. A valid 45 MB prediction file (every label of the taxonomy, twice, for every document):
//    stored (201) and scored by the worker.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@hierboard/db/testing";
import { createApiToken, createPhase, createPlatformContext, createTeam, createUser, uploadGold } from "@hierboard/platform";
import { pollHealth } from "./health-poller.ts";
import { startWebServer, summarise, webDir } from "./web-server.ts";

const repoRoot = path.join(webDir, "..", "..");
const shared = process.env.HIERBOARD_SHARED ?? path.join(repoRoot, "..", "shared");
const germeval = path.join(shared, "data", "germeval2019");
const PORT = Number(process.env.PORT ?? 3200);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const MB = 1024 * 1024;
const ms = (x: number) => Math.round(x * 10) / 10;
const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, ms(v)]));

if (!existsSync(germeval)) {
  console.log(`bench:abuse skipped: ${germeval} is absent (the GermEval 2019 data is licensed and not in the repository)`);
  process.exit(0);
}

const prefix = `hierboard-abuse-${process.pid}`;
const children: ChildProcess[] = [];
function start(command: string, args: string[], env: Record<string, string>, cwd = repoRoot): ChildProcess {
  const child = spawn(command, args, { cwd, detached: true, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
  children.push(child);
  return child;
}
const exited = (child: ChildProcess) => new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
async function stopAll(): Promise<void> {
  for (const child of children) if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

/** Every figure is printed as soon as it is measured, so a run cut short still reports. */
const results: Record<string, unknown> = new Proxy({} as Record<string, unknown>, {
  set(target, key, value) {
    target[key as string] = value;
    console.log(`[bench:abuse] ${String(key)}: ${JSON.stringify(value)}`);
    return true;
  },
});

async function main(): Promise<void> {
  Object.assign(results, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadavg().map(ms),
  });
  const database = await createTestDatabase();
  const env = { DATABASE_URL: database.url, REDIS_URL, HIERBOARD_QUEUE_PREFIX: prefix };
  try {
    start(
      process.execPath,
      ["--import", "tsx", "src/main.ts"],
      { ...env, WORKER_SWEEP_INTERVAL_MS: "0" },
      path.join(repoRoot, "apps", "worker"),
    );
    const [importMs, code] = await timed(() =>
      exited(start("pnpm", ["--silent", "hierboard", "import-germeval", germeval, "--wait"], env)),
    );
    if (code !== 0) throw new Error(`import-germeval exited with ${code}`);
    results.importWithScoresAndBoardJobsSeconds = ms(importMs / 1000);

    const ctx = createPlatformContext({ databaseUrl: database.url, redisUrl: REDIS_URL, queuePrefix: prefix });
    const task = await ctx.db.task.findFirstOrThrow({ select: { slug: true, id: true } });
    const subtasks = await ctx.db.subtask.findMany({
      where: { taskId: task.id },
      select: { id: true, key: true },
      orderBy: { key: "asc" },
    });
    const server = await startWebServer(database.url, { port: PORT, env: { HIERBOARD_QUEUE_PREFIX: prefix, REDIS_URL } });
    try {
      // 2. First requests of a web process that has served nothing.
      const firstBoard: Record<string, unknown> = {};
      for (const s of subtasks) {
        const [t, body] = await timed(async () =>
          (await fetch(`${server.url}/api/tasks/${task.slug}/leaderboard?phase=test&subtask=${s.key}`)).json(),
        );
        const board = (
          body as { leaderboard: { ties: { complete: boolean; pending: boolean }; rows: { tie: { pValue: number | null } | null }[] } }
        ).leaderboard;
        firstBoard[s.key] = {
          ms: ms(t),
          rows: board.rows.length,
          tiesComplete: board.ties.complete,
          tiesPending: board.ties.pending,
          pValues: board.rows.filter((r) => r.tie?.pValue != null).length,
        };
      }
      results.firstBoardRequest = firstBoard;
      const scored = await ctx.db.submission.findMany({
        where: { status: "SCORED", phase: { taskId: task.id } },
        select: { id: true, subtaskId: true },
        orderBy: { createdAt: "asc" },
      });
      const [reportMs, report] = await timed(async () => fetch(`${server.url}/tasks/${task.slug}/submissions/${scored[0]!.id}`));
      results.firstReportView = {
        ms: ms(reportMs),
        status: report.status,
        labelAnalysis: (await report.text()).includes("over-predicted"),
      };

      // 3. 24 distinct pairs, 4 at a time, with /api/health polled.
      const pairs: [string, string][] = [];
      for (const s of subtasks) {
        const ids = scored.filter((x) => x.subtaskId === s.id).map((x) => x.id);
        for (let i = 0; i < ids.length && pairs.length < 24; i++)
          for (let j = i + 1; j < ids.length && pairs.length < (24 * (subtasks.indexOf(s) + 1)) / subtasks.length; j++)
            pairs.push([ids[i]!, ids[j]!]);
      }
      const compareTimes: number[] = [];
      let compareFailures = 0;
      const comparing = (async () => {
        const queue = [...pairs.slice(0, 24)];
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let pair = queue.shift(); pair; pair = queue.shift()) {
              const [t, response] = await timed(async () => {
                const r = await fetch(`${server.url}/tasks/${task.slug}/submissions/${pair![0]}/compare?with=${pair![1]}`);
                const html = await r.text();
                return { ok: r.ok && html.includes("p-value"), status: r.status };
              });
              compareTimes.push(t);
              if (!response.ok) compareFailures += 1;
            }
          }),
        );
      })();
      const healthDuringCompare = await pollHealth(server.url, comparing);
      await comparing;
      results.comparePages = {
        pairs: compareTimes.length,
        failures: compareFailures,
        ms: round(summarise(compareTimes)),
        healthMs: round(summarise(healthDuringCompare)),
      };

      // 4. Padded uploads by a participant of an open phase.
      const now = Date.now();
      const organiser = await ctx.db.taskOwner.findFirstOrThrow({ where: { taskId: task.id }, select: { userId: true } });
      await createPhase(
        {
          userId: organiser.userId,
          slug: task.slug,
          key: "abuse",
          name: "Abuse",
          startsAt: new Date(now - 60_000),
          endsAt: new Date(now + 3_600_000),
        },
        ctx,
      );
      await uploadGold(
        {
          userId: organiser.userId,
          slug: task.slug,
          phaseKey: "abuse",
          fileName: "blurbs_test_label.txt",
          content: readFileSync(path.join(germeval, "blurbs_test_label.txt")),
        },
        ctx,
      );
      const user = await createUser({ name: "Mallory", email: "mallory@abuse.test", password: "mallory-pass-123" }, ctx);
      await createTeam({ userId: user.id, slug: task.slug, name: "Team Mallory" }, ctx);
      const { token } = await createApiToken({ userId: user.id, name: "bench" }, ctx);
      const post = async (bytes: Uint8Array, fileName: string) => {
        const form = new FormData();
        form.set("subtask", "b");
        form.set("phase", "abuse");
        form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], fileName));
        const [t, r] = await timed(async () => {
          try {
            const response = await fetch(`${server.url}/api/tasks/${task.slug}/submissions`, {
              method: "POST",
              body: form,
              headers: { authorization: `Bearer ${token}`, origin: server.url },
            });
            return {
              status: response.status,
              body: (await response.json()) as { error?: { code: string; message: string }; submission?: { id: string } },
            };
          } catch (error) {
            return { status: 0, body: { error: { code: "FETCH_FAILED", message: String((error as Error).cause ?? error) } } };
          }
        });
        return { ms: ms(t), ...r };
      };
      const padded = (size: number) => {
        const bytes = new Uint8Array(size).fill(10);
        bytes.set(new TextEncoder().encode("subtask_b\n"), 0);
        bytes.set(new TextEncoder().encode("x\tNoSuchGenre\n"), size - 14);
        return bytes;
      };
      const refusing = Promise.all([
        post(padded(20 * MB), "pad-1.txt"),
        post(padded(20 * MB), "pad-2.txt"),
        post(padded(20 * MB), "pad-3.txt"),
        post(padded(45 * MB), "pad-45.txt"),
      ]);
      const healthDuringUploads = await pollHealth(server.url, refusing);
      const refused = await refusing;
      results.paddedUploads = {
        answers: refused.map((r) => ({ ms: r.ms, status: r.status, code: r.body.error?.code, message: r.body.error?.message })),
        healthMs: round(summarise(healthDuringUploads)),
      };

      // 5. A valid 45 MB file, stored and scored.
      const labels = readFileSync(path.join(germeval, "hierarchy.txt"), "utf8")
        .split("\n")
        .flatMap((l) => l.split("\t"))
        .map((l) => l.trim())
        .filter(Boolean);
      const unique = [...new Set(labels)];
      const goldIds = readFileSync(path.join(germeval, "blurbs_test_label.txt"), "utf8")
        .split("\n")
        .filter((l) => /^\S+\t/.test(l))
        .map((l) => l.split("\t")[0]!);
      const ids = [...new Set(goldIds)];
      const perDoc = `\t${[...unique, ...unique].join("\t")}`;
      let body = "subtask_b\n";
      for (const id of ids) body += `${id}${perDoc}\n`;
      let valid = new TextEncoder().encode(body);
      if (valid.byteLength > 45 * MB) valid = valid.subarray(0, valid.lastIndexOf(10, 45 * MB) + 1);
      const accepted = await post(valid, "all-labels.txt");
      const id = accepted.body.submission?.id;
      let scoredMs: number | null = null;
      if (id) {
        const t0 = performance.now();
        for (;;) {
          const s = await ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { status: true, errorMessage: true } });
          if (s.status === "SCORED" || s.status === "FAILED") {
            scoredMs = performance.now() - t0;
            results.validLargeUpload = {
              bytes: valid.byteLength,
              uploadMs: accepted.ms,
              status: accepted.status,
              finalStatus: s.status,
              error: s.errorMessage,
              scoredAfterUploadSeconds: ms(scoredMs / 1000),
            };
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      } else results.validLargeUpload = { bytes: valid.byteLength, status: accepted.status, error: accepted.body.error };
      results.loadAverageAtEnd = loadavg().map(ms);
    } finally {
      await server.stop();
      await ctx.close?.();
    }
  } finally {
    await stopAll();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await database.drop();
  }
  console.log(JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  },
);
