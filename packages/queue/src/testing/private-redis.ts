// A private redis-server for tests that stop and restart Redis (never the shared one on 6379): its
// own port, an append-only file (fsync on every write) in a temporary folder. Used by the web
// app's operations test and the worker's fault tests.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import getPort from "get-port";

export const redisServerAvailable = spawnSync("redis-server", ["--version"]).status === 0;

export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts it again (after `stop`), on the same port and data. */
  start(): Promise<void>;
  /** SIGTERM: redis flushes the append-only file and exits. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** Starts a redis-server on `port` (default: a free loopback port) and waits until PING answers. */
export async function startPrivateRedis(opts: { port?: number } = {}): Promise<PrivateRedis> {
  const port = opts.port ?? (await getPort({ host: "127.0.0.1" }));
  const dir = mkdtempSync(path.join(tmpdir(), "hb-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always"];
  args.push("--save", "", "--daemonize", "no", "--logfile", path.join(dir, "redis.log"));
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = (child = spawn("redis-server", args, { stdio: "ignore" }));
    const deadline = Date.now() + 20_000;
    while (spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout?.trim() !== "PONG") {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode} (is port ${port} taken?)`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
