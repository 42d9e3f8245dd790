// A private redis-server for fault tests (never the shared one on 6379): its own port, an
// append-only file in a temporary folder, stopped and started again by the test.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export const redisServerAvailable = spawnSync("redis-server", ["--version"]).status === 0;

export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGTERM: redis flushes the append-only file and exits. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "hb-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--appendonly",
    "yes",
    "--appendfsync",
    "always",
    "--save",
    "",
    "--daemonize",
    "no",
    "--logfile",
    path.join(dir, "redis.log"),
  ];
  const start = async () => {
    child = spawn("redis-server", args, { stdio: "ignore" });
    const started = child;
    // Ready when PING answers.
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
      if (spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout?.trim() === "PONG") return;
      if (Date.now() > deadline) throw new Error("redis-server did not start in 10 s");
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
