// The worker's small HTTP port (internal: 127.0.0.1 by default): `GET /metrics` in Prometheus
// text format and `GET /ready` (PostgreSQL, Redis and this worker running; 503 naming what
// failed). No token: keep the port off public networks.
import { createServer, type Server } from "node:http";
import { checkReadiness, type Db } from "@hierboard/platform";
import type { ScoringQueue } from "@hierboard/queue";
import type { Worker } from "bullmq";
import type { WorkerMetrics } from "./metrics.ts";

export function startWorkerHttp(opts: {
  port: number;
  host: string;
  db: Db;
  queue: ScoringQueue;
  worker: Worker;
  metrics: WorkerMetrics;
}): Promise<Server> {
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      response.end(body);
    };
    void (async () => {
      if (request.method === "GET" && request.url === "/metrics") {
        await opts.metrics.refresh();
        return send(200, opts.metrics.registry.contentType, await opts.metrics.registry.metrics());
      }
      if (request.method === "GET" && request.url === "/ready") {
        const readiness = await checkReadiness({ db: opts.db, queue: opts.queue, requireWorker: false });
        const running = opts.worker.isRunning();
        const checks = [
          ...readiness.checks,
          { name: "worker", ok: running, latencyMs: 0, detail: running ? "taking jobs" : "not running" },
        ];
        const failed = checks.filter((c) => !c.ok).map((c) => c.name);
        const body = { ok: failed.length === 0, ...(failed.length ? { error: `not ready: ${failed.join(", ")} failed` } : {}), checks };
        return send(failed.length ? 503 : 200, "application/json", JSON.stringify(body));
      }
      send(404, "application/json", JSON.stringify({ error: "GET /metrics or /ready" }));
    })().catch((error: unknown) => send(500, "application/json", JSON.stringify({ error: (error as Error).message })));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
