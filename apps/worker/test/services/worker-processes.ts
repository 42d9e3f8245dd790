import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Worker processes of one test file; `killAll` SIGKILLs those still running (by their own pid). */
export class WorkerProcesses {
  readonly #children: ChildProcess[] = [];

  /** One process (node --import tsx, no wrapper), so a signal reaches the worker itself. */
  start(env: Record<string, string>, script = "src/main.ts"): WorkerProcess {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: workerDir,
      env: {
        ...process.env,
        WORKER_SWEEP_INTERVAL_MS: "0",
        WORKER_CONCURRENCY: "1",
        WORKER_LOCK_DURATION_MS: "2000",
        WORKER_STALLED_INTERVAL_MS: "1000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.#children.push(child);
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    return { child, output: () => out, exited };
  }

  async killAll(): Promise<void> {
    const running = this.#children.splice(0).filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      running.map((c) => {
        const exited = new Promise((resolve) => c.once("exit", resolve));
        c.kill("SIGKILL");
        return exited;
      }),
    );
  }
}
