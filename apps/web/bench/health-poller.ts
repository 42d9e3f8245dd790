// Polls /api/health every 50 ms from a worker thread, so that what the benchmark's own thread does
// meanwhile (building and sending tens of megabytes of uploads, reading pages) cannot delay a poll
// and be counted against the server.
import { Worker } from "node:worker_threads";

const POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
let stopped = false;
parentPort.once("message", () => (stopped = true));
(async () => {
  const latencies = [];
  while (!stopped) {
    const next = performance.now() + 50;
    const t = performance.now();
    let ok = false;
    try { ok = (await fetch(workerData.url + "/api/health")).ok; } catch {}
    latencies.push(ok ? performance.now() - t : Number.POSITIVE_INFINITY); // a failed check counts as the worst latency
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Polls `${url}/api/health` every 50 ms until `stop` settles; returns the latencies in ms. */
export async function pollHealth(url: string, stop: Promise<unknown>): Promise<number[]> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url } });
  const latencies = new Promise<number[]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await stop.catch(() => undefined);
  worker.postMessage("stop");
  const result = await latencies;
  await worker.terminate();
  return result;
}
