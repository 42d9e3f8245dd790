// Starts the production build in `.next-bench` against a given database on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";

export const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_DIST_DIR = ".next-bench";

export interface WebServer {
  url: string;
  /** The server's process (`next start` serves in it; its engine threads are threads of it). */
  pid: number;
  stop(): Promise<void>;
}

export async function startWebServer(databaseUrl: string, opts: { port?: number; env?: Record<string, string> } = {}): Promise<WebServer> {
  const port = opts.port ?? (await getPort({ host: "127.0.0.1" }));
  const url = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`something already answers on ${url}: stop it first (it is not the build this benchmark serves)`);
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_WEB_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": Node flags for the server
    // (profiling a benchmark run; NODE_OPTIONS refuses --cpu-prof).
    [
      ...(process.env.BENCH_WEB_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      path.join(webDir, "node_modules/next/dist/bin/next"),
      "start",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: webDir,
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        HIERBOARD_NEXT_DIST_DIR: BENCH_DIST_DIR,
        DATABASE_URL: databaseUrl,
        NEXTAUTH_URL: url,
        NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret",
        HIERBOARD_QUEUE_PREFIX: `hierboard-bench-${process.pid}`,
        ...opts.env,
      },
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM"); // the group of the server this script started
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("the web server did not start within 60 s");
}

/** Percentiles of a sample (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarise(samples: readonly number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
