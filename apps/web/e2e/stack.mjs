#!/usr/bin/env node
// Starts the stack the e2e suite runs against, all on this machine:
//   1. a fresh PostgreSQL database (dropped and re-created) on 127.0.0.1:5432,
//   2. the committed migrations, applied with @hierboard/db's offline applier,
//   3. the scoring worker (apps/worker), when it exists, on a queue prefix of its own,
//   4. the production build of the web app (`test:e2e` builds it first) on E2E_PORT.
// Playwright stops this process at the end; it stops its children.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(webDir, "..", "..");
const port = process.env.E2E_PORT ?? "3100";
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const pgHost = "127.0.0.1";
const env = {
  ...process.env,
  DATABASE_URL: `postgresql://root@${pgHost}:5432/${database}`,
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-e2e",
  NODE_ENV: "production",
  // Our own queue namespace: other test runs may share this Redis, so nothing is flushed.
  HIERBOARD_QUEUE_PREFIX: `hierboard-e2e-${process.pid}`,
  // Score promptly and re-queue a lost job fast; the suite waits on both.
  WORKER_CONCURRENCY: "2",
  WORKER_SWEEP_INTERVAL_MS: "5000",
  WORKER_SWEEP_MIN_AGE_MS: "5000",
  UPLOAD_LIMIT_MB: process.env.UPLOAD_LIMIT_MB ?? "1",
  // Every spec signs its users up from 127.0.0.1; the production budget is 5 an hour.
  HIERBOARD_SIGNUPS_PER_ADDRESS: "1000",
};

function run(command, args, cwd = root) {
  console.log(`[e2e-stack] $ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`[e2e-stack] failed: ${command} ${args.join(" ")}`);
    process.exit(1);
  }
}

run("dropdb", ["--if-exists", "--force", "-h", pgHost, "-U", "root", database]);
run("createdb", ["-h", pgHost, "-U", "root", database]);
run("pnpm", ["--filter", "@hierboard/db", "migrate"]);

const children = [];
function start(name, command, args, cwd) {
  console.log(`[e2e-stack] starting ${name}`);
  const child = spawn(command, args, { cwd, env, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    console.log(`[e2e-stack] ${name} exited (${code ?? signal})`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
}
process.on("SIGTERM", () => shutdown(0));
process.on("SIGINT", () => shutdown(0));

const workerPackage = join(root, "apps", "worker", "package.json");
if (existsSync(workerPackage) && JSON.parse(readFileSync(workerPackage, "utf8")).scripts?.start) {
  start("worker", "pnpm", ["--filter", "@hierboard/worker", "start"], root);
} else {
  console.log("[e2e-stack] apps/worker has no start script yet; submissions will stay queued");
}

if (!existsSync(join(webDir, ".next", "BUILD_ID"))) {
  console.error("[e2e-stack] no production build: run `pnpm --filter @hierboard/web build` first (test:e2e does)");
  process.exit(1);
}
start("web", "pnpm", ["exec", "next", "start", "--hostname", "127.0.0.1", "--port", port], webDir);
