// The operator's endpoints against real services: a fresh database, a private redis-server and a
// real worker process. One scored submission, then both metrics endpoints (web /api/metrics and
// the worker's internal port) are scraped and their counts checked; the request id sent with the
// upload shows up in the worker's log lines for that submission. Then Redis is stopped:
// /api/ready says 503 naming Redis, and 200 again once it is back.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { configurePlatform, createApiToken, createPlatformContext, type PlatformContext } from "@hierboard/platform";
import { MEASURE_FAMILIES } from "@hierboard/metrics";
import { fixture, seedTask, type SeededTask } from "@hierboard/platform/testing";
import { redisServerAvailable, startPrivateRedis, type PrivateRedis } from "@hierboard/queue/testing";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Ports free at the start (several worktrees run this file on one machine): Redis keeps its port
// across the stop and restart below; the worker's HTTP port is fixed for its lifetime.
let WORKER_HTTP_PORT = 0;
const METRICS_TOKEN = randomBytes(16).toString("hex");
process.env.METRICS_TOKEN = METRICS_TOKEN;
process.env.LOG_LEVEL = "warn";
const workerDir = fileURLToPath(new URL("../../../worker", import.meta.url));

if (!redisServerAvailable) console.warn("[operations test] skipped: no redis-server on the PATH");

/** The values of one label over the lines of a series. */
function labelValues(text: string, name: string, label: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`))
    .flatMap((line) =>
      [...(/\{([^}]*)\}/.exec(line)?.[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].filter((m) => m[1] === label).map((m) => m[2]!),
    );
}

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = /\{([^}]*)\}/.exec(line)?.[1] ?? "";
    const found = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe.skipIf(!redisServerAvailable)("operations endpoints", () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let ctx: PlatformContext;
  let seed: SeededTask;
  let worker: ChildProcess;
  let workerOutput = "";
  const prefix = `hbops-${randomBytes(4).toString("hex")}`;
  const routes = {
    ready: () => import("@/app/api/ready/route"),
    metrics: () => import("@/app/api/metrics/route"),
    submissions: () => import("@/app/api/tasks/[slug]/submissions/route"),
  };

  async function ready(): Promise<{
    status: number;
    body: { ok: boolean; error?: string; checks: { name: string; ok: boolean; latencyMs: number }[] };
  }> {
    const response = await (await routes.ready()).GET(new Request("http://127.0.0.1/api/ready"));
    return { status: response.status, body: await response.json() };
  }

  beforeAll(async () => {
    WORKER_HTTP_PORT = await getPort({ host: "127.0.0.1" });
    redis = await startPrivateRedis();
    database = await createTestDatabase();
    ctx = configurePlatform(createPlatformContext({ databaseUrl: database.url, redisUrl: redis.url, queuePrefix: prefix }));
    seed = await seedTask(ctx);
    worker = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: workerDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "info", // this file quiets the web app's logger; the worker's info lines are checked
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        HIERBOARD_QUEUE_PREFIX: prefix,
        WORKER_CONCURRENCY: "1",
        WORKER_SWEEP_INTERVAL_MS: "0",
        WORKER_HTTP_PORT: String(WORKER_HTTP_PORT),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.stdout!.on("data", (d: Buffer) => (workerOutput += d.toString()));
    worker.stderr!.on("data", (d: Buffer) => (workerOutput += d.toString()));
  }, 120_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.kill("SIGTERM");
      await exited;
    }
    await ctx?.scoringQueue?.obliterate({ force: true }).catch(() => {});
    await ctx?.close?.();
    await redis?.destroy();
    await database?.drop();
  }, 60_000);

  it("scrapes the web and worker metrics after one scored submission, and the request id reaches the worker's log", async () => {
    await expect.poll(async () => (await ready()).status, { timeout: 60_000, interval: 250 }).toBe(200);
    const { body } = await ready();
    expect(body.checks.map((c) => c.name)).toEqual(["postgres", "redis", "workers"]);
    for (const check of body.checks) expect(check.latencyMs).toBeGreaterThanOrEqual(0);

    const { token } = await createApiToken({ userId: seed.memberId, name: "ops test" }, ctx);
    const form = new FormData();
    form.set("subtask", seed.subtaskKey);
    form.set("phase", seed.phaseKey);
    form.set("file", new File([new Uint8Array(fixture("pred-good.tsv"))], "pred-good.tsv"));
    const requestId = `ops-test-${randomBytes(4).toString("hex")}`;
    const upload = await (await routes.submissions()).POST(
      new Request(`http://127.0.0.1/api/tasks/${seed.slug}/submissions`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}`, "x-request-id": requestId },
      }),
      { params: Promise.resolve({ slug: seed.slug }) },
    );
    expect(upload.status).toBe(201);
    expect(upload.headers.get("x-request-id")).toBe(requestId);
    const { submission } = (await upload.json()) as { submission: { id: string } };
    await expect
      .poll(async () => (await ctx.db.submission.findUniqueOrThrow({ where: { id: submission.id } })).status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe("SCORED");

    const unauthorised = await (await routes.metrics()).GET(new Request("http://127.0.0.1/api/metrics"));
    expect(unauthorised.status).toBe(401);
    const scrape = async () => {
      const web = await (await routes.metrics()).GET(
        new Request("http://127.0.0.1/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      );
      expect(web.status).toBe(200);
      return web.text();
    };
    // A score enqueues the board's tie-test job; scrape once the worker has drained the queue.
    await expect
      .poll(async () => sample(await scrape(), "hierboard_queue_depth", { queue: "scoring" }), { timeout: 60_000, interval: 250 })
      .toBe(0);
    const webText = await scrape();
    expect(sample(webText, "hierboard_submissions", { status: "SCORED" })).toBe(1);
    expect(sample(webText, "hierboard_submissions", { status: "QUEUED" })).toBe(0);
    expect(sample(webText, "hierboard_submissions", { status: "FAILED" })).toBe(0);
    expect(sample(webText, "hierboard_oldest_queued_submission_age_seconds")).toBe(0);
    expect(sample(webText, "hierboard_queue_depth", { queue: "scoring" })).toBe(0);
    // The scoring job; board jobs are removed once complete (packages/queue), so only it is kept.
    expect(sample(webText, "hierboard_queue_jobs", { queue: "scoring", state: "completed" })).toBe(1);
    expect(sample(webText, "hierboard_workers_connected", { queue: "scoring" })).toBe(1);
    expect(
      sample(webText, "hierboard_http_request_duration_seconds_count", {
        route: "/api/tasks/[slug]/submissions",
        method: "POST",
        status: "201",
      }),
    ).toBe(1);

    // The worker's counters are updated just after the job's events; poll until the duration is in.
    const scrapeWorker = async () => (await fetch(`http://127.0.0.1:${WORKER_HTTP_PORT}/metrics`)).text();
    const job = { family: "all", mode: "single", documents: "<1k" };
    await expect
      .poll(async () => sample(await scrapeWorker(), "hierboard_scoring_duration_seconds_count", job), { timeout: 30_000 })
      .toBe(1);
    const workerText = await scrapeWorker();
    // By family: one observation per measure family of the job (the platform scores them all), in
    // the same document class; the families' time is part of the job's.
    const families = MEASURE_FAMILIES.map((f) => f.id);
    expect(new Set(labelValues(workerText, "hierboard_scoring_duration_seconds_count", "family"))).toEqual(new Set(["all", ...families]));
    expect(new Set(labelValues(workerText, "hierboard_scoring_duration_seconds_count", "documents"))).toEqual(new Set(["<1k"]));
    let familyTotal = 0;
    for (const family of families) {
      expect({ family, count: sample(workerText, "hierboard_scoring_duration_seconds_count", { ...job, family }) }).toEqual({
        family,
        count: 1,
      });
      familyTotal += sample(workerText, "hierboard_scoring_duration_seconds_sum", { ...job, family })!;
    }
    expect(familyTotal).toBeGreaterThan(0);
    // The job's time is read in whole milliseconds; allow that rounding.
    expect(familyTotal).toBeLessThanOrEqual(sample(workerText, "hierboard_scoring_duration_seconds_sum", job)! + 0.002);
    expect(sample(workerText, "hierboard_jobs_completed_total", { queue: "scoring", job: "scoring" })).toBe(1);
    expect(sample(workerText, "hierboard_job_wait_seconds_count", { queue: "scoring", job: "scoring" })).toBe(1);
    expect(sample(workerText, "hierboard_jobs_failed_total")).toBeUndefined();
    expect(sample(workerText, "hierboard_jobs_stalled_total")).toBeUndefined();
    expect(sample(workerText, "hierboard_queue_depth", { queue: "scoring" })).toBe(0);
    const workerReady = await fetch(`http://127.0.0.1:${WORKER_HTTP_PORT}/ready`);
    expect(workerReady.status).toBe(200);

    // JSON lines (NODE_ENV=production): the job's start and completion carry the upload's request id.
    // The worker's output reaches this process through a pipe: wait for the lines, not a fixed time.
    const linesFor = () =>
      workerOutput
        .split("\n")
        .filter((l) => l.startsWith("{") && l.endsWith("}"))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.submissionId === submission.id);
    await expect
      .poll(() => linesFor().map((l) => l.msg), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["job started", "job completed"]));
    const forSubmission = linesFor();
    for (const line of forSubmission) expect(line.requestId).toBe(requestId);
  }, 180_000);

  it("/api/ready says 503 naming Redis while Redis is stopped, and 200 once it is back", async () => {
    await redis.stop();
    await expect.poll(async () => (await ready()).status, { timeout: 30_000, interval: 250 }).toBe(503);
    const down = await ready();
    expect(down.body.error).toMatch(/redis/);
    expect(down.body.checks.find((c) => c.name === "redis")?.ok).toBe(false);
    expect(down.body.checks.find((c) => c.name === "postgres")?.ok).toBe(true);
    const workerDown = await fetch(`http://127.0.0.1:${WORKER_HTTP_PORT}/ready`);
    expect(workerDown.status).toBe(503);
    expect(((await workerDown.json()) as { error: string }).error).toMatch(/redis/);

    await redis.start();
    // The worker reconnects and registers again, so all three checks pass.
    await expect.poll(async () => (await ready()).status, { timeout: 60_000, interval: 250 }).toBe(200);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${WORKER_HTTP_PORT}/ready`)).status, { timeout: 60_000, interval: 250 })
      .toBe(200);
  }, 180_000);
});
