import type { Db } from "@hierboard/db";
import type { ScoringQueue } from "@hierboard/queue";

export interface ReadinessCheck {
  name: "postgres" | "redis" | "workers";
  ok: boolean;
  latencyMs: number;
  /** What was found: the error, or the number of workers. */
  detail: string;
}

export interface Readiness {
  ok: boolean;
  checks: ReadinessCheck[];
  /** The names of the failed checks, for the 503 message. */
  failed: string[];
}

async function timed(name: ReadinessCheck["name"], timeoutMs: number, probe: () => Promise<string>): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const detail = await Promise.race([probe(), timeout]);
    return { name, ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10, detail };
  } catch (error) {
    return {
      name,
      ok: false,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      detail: (error as Error).message || String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness of a process that serves or scores submissions: PostgreSQL answers a query, Redis
 * answers a read of the queue, and at least one scoring worker is connected to the queue (`requireWorker`; a
 * worker checking itself passes false). Each check runs in parallel with its own timeout.
 */
export async function checkReadiness(opts: {
  db: Db;
  queue: ScoringQueue;
  requireWorker?: boolean;
  timeoutMs?: number;
}): Promise<Readiness> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const checks = await Promise.all([
    timed("postgres", timeoutMs, async () => {
      await opts.db.$queryRaw`SELECT 1`;
      return "SELECT 1 answered";
    }),
    timed("redis", timeoutMs, async () => {
      // A read of the queue's keys: one round trip through the same client that enqueues.
      const counts = await opts.queue.getJobCounts("waiting");
      return `queue read (${counts.waiting ?? 0} waiting)`;
    }),
    ...(opts.requireWorker === false
      ? []
      : [
          timed("workers", timeoutMs, async () => {
            const workers = await opts.queue.getWorkersCount();
            if (workers < 1) throw new Error("no scoring worker is connected to the queue");
            return `${workers} connected`;
          }),
        ]),
  ]);
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  return { ok: failed.length === 0, checks, failed };
}
