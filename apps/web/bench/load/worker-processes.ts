// Scoring worker processes (apps/worker's src/main.ts, as production runs it) for the load benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { webDir } from "../web-server.ts";

const workerDir = path.join(webDir, "../worker");

export interface WorkerProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Starts one worker and waits for its "ready" line (at most 60 s). */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: workerDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes("ready (pid")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}: ${out.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`worker not ready after 60 s: ${out.slice(-2000)}`)), 60_000).unref();
  });
  await ready;
  // Keep draining its output (a full pipe would block the worker); keep only the tail for errors.
  child.stdout?.on("data", () => (out = out.slice(-4000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
