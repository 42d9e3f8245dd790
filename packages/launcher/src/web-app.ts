// The web app's production build (`next build`) and its standalone server
// (`.next/standalone/apps/web/server.js`, the way Next.js documents for `output: "standalone"`).
import { spawn, type ChildProcess } from "node:child_process";
import { cp, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { repoRoot } from "@hierboard/db/migrations";
import { forwardChildOutput, type LogFormat } from "./child-output.ts";

export const webDir = path.join(repoRoot, "apps/web");
export const workerDir = path.join(repoRoot, "apps/worker");
/** Where `next build` puts the standalone server of apps/web (it mirrors the workspace layout). */
const standaloneDir = path.join(webDir, ".next/standalone/apps/web");

function nextBin(): string {
  return createRequire(path.join(webDir, "package.json")).resolve("next/dist/bin/next");
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** True when `next build` has completed in apps/web with its standalone server (a dev server's `.next` has no BUILD_ID). */
export async function hasWebBuild(): Promise<boolean> {
  return (await exists(path.join(webDir, ".next/BUILD_ID"))) && (await exists(path.join(standaloneDir, "server.js")));
}

/**
 * The standalone server serves `.next/static` and `public` from beside itself, and `next build`
 * leaves copying them there to the deployment (Next.js's `output: "standalone"` docs).
 */
async function placeStaticFiles(): Promise<void> {
  await cp(path.join(webDir, ".next/static"), path.join(standaloneDir, ".next/static"), { recursive: true, force: true });
  if (await exists(path.join(webDir, "public"))) {
    await cp(path.join(webDir, "public"), path.join(standaloneDir, "public"), { recursive: true, force: true });
  }
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

interface ChildOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** How its log lines reach the terminal (child-output.ts). */
  logFormat: LogFormat;
}

/** Starts a long-running child in its own process group, forwarding its output lines. */
export function startChild(name: string, command: string, args: string[], opts: ChildOptions): ChildProcess {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  forwardChildOutput(child, name, opts.logFormat);
  return child;
}

/** The standalone server on 127.0.0.1:`port` (it reads HOSTNAME and PORT). */
export async function startWebServer(port: number, env: NodeJS.ProcessEnv, logFormat: LogFormat): Promise<ChildProcess> {
  await placeStaticFiles();
  return startChild("web", process.execPath, [path.join(standaloneDir, "server.js")], {
    cwd: standaloneDir,
    env: { ...env, HOSTNAME: "127.0.0.1", PORT: String(port) },
    logFormat,
  });
}

export function startWorker(env: NodeJS.ProcessEnv, logFormat: LogFormat = "json"): ChildProcess {
  return startChild("worker", process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: workerDir, env, logFormat });
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
