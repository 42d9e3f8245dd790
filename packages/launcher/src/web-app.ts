// The web app's production build and server (`next build`, `next start`), run from apps/web.
import { spawn, type ChildProcess } from "node:child_process";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "@hierboard/db/migrations";

export const webDir = path.join(repoRoot, "apps/web");
export const workerDir = path.join(repoRoot, "apps/worker");

function nextBin(): string {
  return createRequire(path.join(webDir, "package.json")).resolve("next/dist/bin/next");
}

/** True when `next build` has completed in apps/web (a dev server's `.next` has no BUILD_ID). */
export async function hasWebBuild(): Promise<boolean> {
  return stat(path.join(webDir, ".next/BUILD_ID")).then(
    () => true,
    () => false,
  );
}

/** Starts `next build` in its own process group (so a shutdown can stop it), streaming its progress through `log`. */
export function buildWebApp(env: NodeJS.ProcessEnv, log: (line: string) => void): { child: ChildProcess; done: Promise<void> } {
  const child = spawn(process.execPath, [nextBin(), "build"], { cwd: webDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const forward = (chunk: Buffer) =>
    chunk
      .toString("utf8")
      .split("\n")
      .filter((l) => l.trim())
      .forEach((l) => log(l));
  child.stdout.on("data", forward);
  child.stderr.on("data", forward);
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`next build failed (${signal ?? `exit ${code}`})`))));
  });
  return { child, done };
}

/** Starts a long-running child in its own process group, prefixing its output lines. */
export function startChild(name: string, command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const forward = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) stream.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on("data", forward(process.stdout));
  child.stderr?.on("data", forward(process.stderr));
  return child;
}

export function startWebServer(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return startChild("web", process.execPath, [nextBin(), "start", "--hostname", "127.0.0.1", "--port", String(port)], { cwd: webDir, env });
}

export function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return startChild("worker", process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: workerDir, env });
}

/** Resolves when `url` answers with any HTTP status below 500. */
export async function waitForHttp(url: string, opts: { timeoutMs: number; alive: () => boolean }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (!opts.alive()) throw new Error(`the web server exited before ${url} answered`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${opts.timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
