// The web app's Prometheus registry (prom-client): request durations by route, recorded by
// `observedRoute`, and, at each scrape, the system-wide gauges read from Redis and PostgreSQL
// (queue depth by state, workers connected, submissions by status, oldest QUEUED submission).
// Series and their meaning: docs/operations.md.
import { platformContext, readQueueSnapshot, readSubmissionSnapshot, SUBMISSION_STATUSES } from "@hierboard/platform";
import { createQueueGauges } from "@hierboard/queue/queue-gauges";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

function createWebMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "web" });
  collectDefaultMetrics({ register: registry, prefix: "hierboard_web_" });

  const httpDuration = new Histogram({
    name: "hierboard_http_request_duration_seconds",
    help: "HTTP request durations of the API routes, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: "hierboard_metrics_scrape_errors_total",
    help: "Scrapes whose queue or database gauges could not be read, by source.",
    labelNames: ["source"] as const,
    registers: [registry],
  });
  const queueGauges = createQueueGauges(registry, { workers: true });
  const byStatus = new Gauge({
    name: "hierboard_submissions",
    help: "Submissions by status.",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  const oldestQueued = new Gauge({
    name: "hierboard_oldest_queued_submission_age_seconds",
    help: "Age of the oldest QUEUED submission (0 when none waits).",
    registers: [registry],
  });

  /** Reads the gauges' values just before each scrape; a source that fails is counted, not fatal. */
  async function refresh(): Promise<void> {
    const ctx = platformContext();
    const [queue, submissions] = await Promise.allSettled([
      ctx.scoringQueue ? readQueueSnapshot(ctx.scoringQueue) : Promise.reject(new Error("no queue")),
      readSubmissionSnapshot(ctx.db, ctx.now()),
    ]);
    if (queue.status === "fulfilled") queueGauges.record(queue.value);
    else scrapeErrors.inc({ source: "redis" });
    if (submissions.status === "fulfilled") {
      for (const status of SUBMISSION_STATUSES) byStatus.set({ status }, submissions.value.byStatus[status]);
      oldestQueued.set(submissions.value.oldestQueued?.ageSeconds ?? 0);
    } else scrapeErrors.inc({ source: "postgres" });
  }

  return { registry, httpDuration, refresh };
}

const holder = globalThis as unknown as { __hierboardWebMetrics?: ReturnType<typeof createWebMetrics> };

/** One registry per server process (kept on globalThis, as Next.js may load this module twice). */
export function webMetrics(): ReturnType<typeof createWebMetrics> {
  return (holder.__hierboardWebMetrics ??= createWebMetrics());
}
