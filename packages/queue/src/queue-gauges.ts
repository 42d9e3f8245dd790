// The scoring queue's Prometheus gauges, shared by every service that exposes them (web, worker):
// one definition of each series' name, labels and help text. Series: docs/operations.md.
import { Gauge, type Registry } from "prom-client";

/** What a scrape reads from the queue (the platform's `readQueueSnapshot` returns this shape). */
export interface QueueGaugeSnapshot {
  queue: string;
  counts: Record<string, number>;
  depth: number;
  workers?: readonly unknown[];
}

/**
 * Registers `hierboard_queue_jobs` and `hierboard_queue_depth` (and, with `workers: true`,
 * `hierboard_workers_connected`) on `registry`; `record` sets them from one snapshot.
 */
export function createQueueGauges(registry: Registry, options: { workers?: boolean } = {}) {
  const jobs = new Gauge({
    name: "hierboard_queue_jobs",
    help: "Jobs in the queue by BullMQ state (waiting, prioritized, delayed, active, waiting-children, failed, completed).",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
  });
  const depth = new Gauge({
    name: "hierboard_queue_depth",
    help: "Unfinished jobs in the queue: waiting, prioritized, delayed and active.",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const workers = options.workers
    ? new Gauge({
        name: "hierboard_workers_connected",
        help: "Scoring workers connected to the queue.",
        labelNames: ["queue"] as const,
        registers: [registry],
      })
    : undefined;

  function record(snapshot: QueueGaugeSnapshot): void {
    for (const [state, n] of Object.entries(snapshot.counts)) jobs.set({ queue: snapshot.queue, state }, n);
    depth.set({ queue: snapshot.queue }, snapshot.depth);
    if (workers && snapshot.workers) workers.set({ queue: snapshot.queue }, snapshot.workers.length);
  }

  return { record };
}
