// A private redis-server for tests that stop and restart Redis (never the shared one on 6379).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const redisServerAvailable = spawnSync("redis-server", ["--version"]).status === 0;

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "hb-web-redis-"));
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--appendonly",
    "yes",
    "--save",
    "",
    "--logfile",
    path.join(dir, "redis.log"),
  ];
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
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
