// `pnpm start`: HierBoard on one machine. Services (embedded or from the environment), migrations,
// the first admin, the demo task, then the worker and the web app as child processes; Ctrl-C or
// SIGTERM stops them in order: web and worker, then Redis, then PostgreSQL.
import type { ChildProcess } from "node:child_process";
import { createPlatformContext } from "@hierboard/platform";
import { logFormat } from "./child-output.ts";
import { startMailCatcher, type MailCatcher } from "./mail-catcher.ts";
import { readOrCreateSecret, ensureDataDir } from "./data-dir.ts";
import { ensureAdmin } from "./ensure-admin.ts";
import { loadLauncherEnv } from "./env.ts";
import { preferredOrFreePort } from "./free-port.ts";
import { RedisNotFoundError } from "./local-redis.ts";
import { stopProcessGroup } from "./process-group.ts";
import { processStartTime } from "./process-identity.ts";
import { removeRunInfo, runningLauncher, writeRunInfo, type RunInfo } from "./run-file.ts";
import { seedDemo } from "./seed-demo.ts";
import { seedCafaDemo } from "./seed-cafa-demo.ts";
import { startReaper } from "./start-reaper.ts";
import { startServices, type Services } from "./services.ts";
import { stopStaleRun } from "./stop-stale-run.ts";
import { buildWebApp, hasWebBuild, startWebServer, startWorker, waitForHttp } from "./web-app.ts";

// A closed output (`pnpm start | tee log`, then Ctrl-C kills tee) must never stop the shutdown:
// write errors (EPIPE) on our own stdout and stderr are ignored.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

const log = (line: string) => console.log(`[hierboard] ${line}`);
const env = loadLauncherEnv();
/** The web app's and the worker's log lines: pretty in a terminal, JSON lines otherwise. */
const childLogFormat = logFormat(process.stdout.isTTY);
/** What run.json says, rewritten as each process starts. */
const runInfo: RunInfo = { launcher: process.pid, pids: {}, startTimes: {} };
async function record(name: string, pid: number | undefined): Promise<void> {
  // Once stopping, the file is being removed; the shutdown stops what was started.
  if (pid === undefined || stopping) return;
  runInfo.pids[name] = pid;
  const started = processStartTime(pid);
  if (started !== undefined) runInfo.startTimes![name] = started;
  await writeRunInfo(env.dataDir, runInfo);
}
let reaper: ChildProcess | undefined;
/** The local SMTP catcher, when SMTP_URL is not set. */
let mailCatcher: MailCatcher | undefined;

/** Set as soon as the services start, so a Ctrl-C during start-up still stops what was started. */
let servicesStarting: Promise<Services> | undefined;
const children = new Map<string, ChildProcess>();
let stopping: Promise<void> | undefined;
/** Set when this start created the admin; printed once, in the banner or on a failed start. */
let adminCredentials: { email: string; password: string } | undefined;

function credentialLines(): string[] {
  if (!adminCredentials) return [];
  const lines = [
    "",
    "  An admin account was created (shown this once; it is not stored anywhere):",
    `    email:    ${adminCredentials.email}`,
    `    password: ${adminCredentials.password}`,
  ];
  adminCredentials = undefined;
  return lines;
}

async function shutdown(reason: string, exitCode: number, opts: { quiet?: boolean } = {}): Promise<void> {
  const say = opts.quiet ? () => {} : log;
  stopping ??= (async () => {
    say(`${reason}: stopping`);
    await Promise.all([...children.values()].map((child) => stopProcessGroup(child, { graceMs: 15_000 })));
    const services = await servicesStarting?.catch(() => undefined);
    await services?.stop();
    await mailCatcher?.stop();
    await removeRunInfo(env.dataDir);
    reaper?.kill("SIGTERM");
    say("stopped");
    // An admin created by a start that did not get as far as its banner.
    const credentials = credentialLines();
    if (credentials.length) console.log(credentials.join("\n"));
    process.exit(exitCode);
  })();
  return stopping;
}

process.on("SIGINT", () => void shutdown("SIGINT", 0));
process.on("SIGTERM", () => void shutdown("SIGTERM", 0));

async function start(): Promise<void> {
  await ensureDataDir(env.dataDir);
  const other = await runningLauncher(env.dataDir);
  if (other) {
    console.error(
      `HierBoard is already running from ${env.dataDir} (pid ${other.launcher}${other.url ? `, ${other.url}` : ""}). Stop it first, or set HIERBOARD_DATA_DIR.`,
    );
    process.exit(1);
  }
  await stopStaleRun(env.dataDir, log);
  await writeRunInfo(env.dataDir, runInfo);
  // Stops everything below if this process is killed without a chance to shut down.
  reaper = startReaper(env.dataDir);
  await record("reaper", reaper.pid);

  log(`data folder: ${env.dataDir}`);
  servicesStarting = startServices({ databaseUrl: env.databaseUrl, redisUrl: env.redisUrl, dataDir: env.dataDir, log, onStarted: record });
  const services = await servicesStarting;
  if (stopping) return;

  const ctx = createPlatformContext({
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    queuePrefix: env.queuePrefix,
    maxUploadBytes: env.maxUploadBytes,
  });
  try {
    const admin = await ensureAdmin(ctx, env.dataDir);
    if (admin.password) adminCredentials = { email: admin.email, password: admin.password };
    if (env.seedDemo) {
      await seedDemo(ctx, admin.id, log);
      await seedCafaDemo(ctx, admin.id, log);
    }
  } finally {
    await ctx.close?.();
  }

  const port = env.port ?? (await preferredOrFreePort(3000));
  runInfo.port = port;
  const url = `http://127.0.0.1:${port}`;
  if (!env.smtpUrl) mailCatcher = await startMailCatcher({ dataDir: env.dataDir, log });
  const mailLine = mailCatcher
    ? `mail: caught locally, not sent (${mailCatcher.dir}; admins read it at ${url}/admin/mail; set SMTP_URL to send real mail)`
    : "mail: sent through SMTP_URL";
  log(mailLine);
  const authSecret = env.authSecret ?? (await readOrCreateSecret(env.dataDir, "auth-secret"));
  const childEnv: NodeJS.ProcessEnv = {
    // biome-ignore lint/style/noProcessEnv: hands the whole environment on to a child process (not read as configuration)
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    HIERBOARD_QUEUE_PREFIX: env.queuePrefix,
    AUTH_SECRET: authSecret,
    NEXTAUTH_SECRET: authSecret,
    NEXTAUTH_URL: url,
    SMTP_URL: env.smtpUrl ?? mailCatcher?.url,
    MAIL_FROM: env.mailFrom,
    HIERBOARD_VERIFY_ADDRESSES: env.verifyAddresses ? "1" : "0",
    ...(mailCatcher ? { HIERBOARD_MAIL_DIR: mailCatcher.dir } : {}),
    // The web app and the worker exit when this process is gone.
    HIERBOARD_PARENT_PID: String(process.pid),
  };

  // The worker first, so the demo is scored while the web app builds.
  if (stopping) return;
  const worker = startWorker(childEnv, childLogFormat);
  children.set("worker", worker);
  await record("worker", worker.pid);
  worker.once("exit", (code, signal) => void shutdown(`the worker exited (${signal ?? code})`, 1));

  if (env.rebuild || !(await hasWebBuild())) {
    log("building the web app (next build, about a minute on the first start)");
    const started = Date.now();
    const build = buildWebApp({ ...childEnv }, (line) => console.log(`[next build] ${line}`));
    children.set("next build", build.child);
    await record("next build", build.child.pid);
    try {
      await build.done;
    } catch (error) {
      if (stopping) return;
      throw error;
    }
    children.delete("next build");
    delete runInfo.pids["next build"];
    log(`web app built in ${Math.round((Date.now() - started) / 1000)} s`);
  } else {
    log("reusing the web app's build (HIERBOARD_REBUILD=1 rebuilds it)");
  }
  if (stopping) return;

  const web = await startWebServer(port, childEnv, childLogFormat);
  children.set("web", web);
  await record("web", web.pid);
  web.once("exit", (code, signal) => void shutdown(`the web app exited (${signal ?? code})`, 1));
  await waitForHttp(`${url}/api/health`, { timeoutMs: 120_000, alive: () => web.exitCode === null && web.signalCode === null });

  Object.assign(runInfo, { url, databaseUrl: services.databaseUrl, redisUrl: services.redisUrl, queuePrefix: env.queuePrefix });
  await writeRunInfo(env.dataDir, runInfo);

  const lines = [
    "",
    `  HierBoard is running at ${url}`,
    `  demo board: ${url}/tasks/demo`,
    `  CAFA-style demo: ${url}/tasks/demo-cafa`,
    `  ${mailLine}`,
    ...credentialLines(),
    "",
    "  Press Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}

start().catch((error: unknown) => {
  if (error instanceof RedisNotFoundError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(`[hierboard] could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  void shutdown("start-up failed", 1, { quiet: error instanceof RedisNotFoundError });
});
