// The worker's Prometheus registry (prom-client). Job series are recorded by `observeWorker`;
// the queue gauges are read from Redis at each scrape. Series: docs/operations.md.
import { readQueueSnapshot } from "@hierboard/platform";
import type { ScoringQueue } from "@hierboard/queue";
import { createQueueGauges } from "@hierboard/queue/queue-gauges";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/** Document-count classes of the scoring duration histogram (a label, so few values). */
export function documentClass(documents: number | undefined): string {
  if (documents === undefined) return "unknown";
  if (documents < 1_000) return "<1k";
  if (documents < 10_000) return "1k-10k";
  if (documents < 100_000) return "10k-100k";
  if (documents < 1_000_000) return "100k-1M";
  return ">=1M";
}

export function createWorkerMetrics(queue: ScoringQueue) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "worker" });
  collectDefaultMetrics({ register: registry, prefix: "hierboard_worker_" });
  const secondsBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];
  const scoringDuration = new Histogram({
    name: "hierboard_scoring_duration_seconds",
    help: 'Scoring time by measure family (family="all": the whole job), how it was scored (single job or sharded merge) and document-count class.',
    labelNames: ["family", "mode", "documents"] as const,
    buckets: secondsBuckets,
    registers: [registry],
  });
  const jobWait = new Histogram({
    name: "hierboard_job_wait_seconds",
    help: "Time from a job's creation to a worker taking it, by queue and job name.",
    labelNames: ["queue", "job"] as const,
    buckets: secondsBuckets,
    registers: [registry],
  });
  const completed = new Counter({
    name: "hierboard_jobs_completed_total",
    help: "Jobs completed, by queue and job name.",
    labelNames: ["queue", "job"] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: "hierboard_jobs_failed_total",
    help: "Failed job attempts, by queue, job name and whether the failure was final (no retry left, or unscorable input).",
    labelNames: ["queue", "job", "final"] as const,
    registers: [registry],
  });
  const stalled = new Counter({
    name: "hierboard_jobs_stalled_total",
    help: "Jobs this worker found stalled (their worker died or lost its lock).",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const queueGauges = createQueueGauges(registry);

  async function refresh(): Promise<void> {
    const snapshot = await readQueueSnapshot(queue).catch(() => undefined);
    if (snapshot) queueGauges.record(snapshot);
  }

  return { registry, scoringDuration, jobWait, completed, failed, stalled, refresh };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
