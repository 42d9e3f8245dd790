// autocannon against one URL for a fixed time: requests/s and latency percentiles of every response.
import autocannon from "autocannon";
import { summarise } from "./web-server.ts";

export const CONNECTIONS = 10;
const ms = (x: number) => Math.round(x * 100) / 100;

export interface PageLoad {
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Latency percentiles come from every response's time (autocannon's own histogram has no p95).
 * `headers` go with every request (a cookie makes the web app render instead of using its page cache).
 */
export async function loadPage(url: string, seconds: number, headers: Record<string, string> = {}): Promise<PageLoad> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error: unknown, r: autocannon.Result) =>
      error ? reject(error) : resolve(r),
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  });
  const s = summarise(latencies);
  return {
    requests: result.requests.total,
    requestsPerSecond: ms(result.requests.total / seconds),
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    p50: ms(s.p50),
    p95: ms(s.p95),
    p99: ms(s.p99),
    max: ms(s.max),
  };
}
