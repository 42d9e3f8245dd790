// `hierboard import-germeval DIR`: finds the services (DATABASE_URL/REDIS_URL, a running
// `pnpm start`, or the launcher's embedded defaults), imports the folder and, with --wait, waits
// for the worker to score every submission.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { AppError, createPlatformContext, type PlatformContext } from "@hierboard/platform";
import { ensureAdmin, loadLauncherEnv, RedisNotFoundError, startWorker, stopProcessGroup } from "@hierboard/launcher";
import { createRedisConnection, createScoringQueue } from "@hierboard/queue";
import { importGermeval, readGermevalFolder } from "./import-germeval.ts";
import { connectToPlatform, type Connection } from "./platform-connection.ts";
import { IMPORT_GERMEVAL_USAGE, parseImportGermevalArgs, UsageError, type ImportGermevalArgs } from "./import-germeval-args.ts";

const log = (line: string) => process.stdout.write(`${line}\n`);

const connect = () => connectToPlatform(log);

/** Whether a worker is connected to this queue (BullMQ names its worker connections). */
async function workerConnected(connection: Connection): Promise<boolean> {
  const redis = createRedisConnection(connection.redisUrl, "producer");
  const queue = createScoringQueue(redis, { prefix: connection.queuePrefix });
  try {
    return (await queue.getWorkersCount()) > 0;
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/** Polls until no submission of the task is QUEUED or SCORING; returns the counts by status. */
async function waitForScores(ctx: PlatformContext, slug: string, timeoutSeconds: number): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const rows = await ctx.db.submission.groupBy({ by: ["status"], where: { phase: { task: { slug } } }, _count: { _all: true } });
    const counts = Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
    if (!counts.QUEUED && !counts.SCORING) return counts;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutSeconds} s waiting for the worker: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Polls until the queue has no job left (the board jobs that follow the scores included). */
async function waitForQueue(connection: Connection, timeoutSeconds: number): Promise<void> {
  const redis = createRedisConnection(connection.redisUrl, "producer");
  const queue = createScoringQueue(redis, { prefix: connection.queuePrefix });
  const deadline = Date.now() + timeoutSeconds * 1000;
  try {
    for (;;) {
      const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized", "waiting-children");
      if (Object.values(counts).every((n) => n === 0)) return;
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutSeconds} s waiting for the board jobs: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

async function run(args: ImportGermevalArgs): Promise<void> {
  // biome-ignore lint/style/noProcessEnv: INIT_CWD is where pnpm was invoked (a path, not configuration); to move into an env module with the env consolidation
  const folder = await readGermevalFolder(path.resolve(process.env.INIT_CWD ?? process.cwd(), args.dir));
  const connection = await connect();
  const ctx = createPlatformContext({
    databaseUrl: connection.databaseUrl,
    redisUrl: connection.redisUrl,
    queuePrefix: connection.queuePrefix,
  });
  let worker: ChildProcess | undefined;
  try {
    const env = loadLauncherEnv();
    const admin = await ensureAdmin(ctx, env.dataDir);
    if (admin.password) log(`created the admin account ${admin.email} with password ${admin.password} (shown this once)`);
    const result = await importGermeval(ctx, {
      folder,
      organiserId: admin.id,
      slug: args.slug,
      title: args.title,
      forceOwner: args.forceOwner,
      log,
    });
    log(`task ${result.slug}: ${result.teams} teams, ${result.submitted} submission(s) queued, ${result.skipped} already there`);
    if (args.wait) {
      if (!(await workerConnected(connection))) {
        log("no worker is connected to the queue: starting one for the wait");
        // biome-ignore lint/style/noProcessEnv: hands the whole environment on to a child process (not read as configuration)
        const inherited = process.env;
        worker = startWorker({
          ...inherited,
          DATABASE_URL: connection.databaseUrl,
          REDIS_URL: connection.redisUrl,
          HIERBOARD_QUEUE_PREFIX: connection.queuePrefix,
        });
      }
      const counts = await waitForScores(ctx, args.slug, args.timeoutSeconds);
      log(`scored: ${counts.SCORED ?? 0}, failed: ${counts.FAILED ?? 0}`);
      await waitForQueue(connection, args.timeoutSeconds);
      log("board tie tests stored");
      const failed = await ctx.db.submission.findMany({
        where: { status: "FAILED", phase: { task: { slug: args.slug } } },
        select: { fileName: true, errorMessage: true },
      });
      for (const f of failed) log(`  failed: ${f.fileName}: ${f.errorMessage}`);
      if (failed.length) process.exitCode = 1;
    } else if (result.submitted > 0) {
      log("the worker scores them: keep `pnpm start` running, or run this again with --wait");
    }
  } finally {
    if (worker) await stopProcessGroup(worker);
    await ctx.close?.();
    await connection.services?.stop();
  }
}

export async function runImportGermeval(argv: readonly string[]): Promise<number> {
  try {
    const args = parseImportGermevalArgs(argv);
    if (args === "help") {
      log(IMPORT_GERMEVAL_USAGE);
      return 0;
    }
    await run(args);
    return process.exitCode === 1 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`hierboard import-germeval: ${error.message}\n${IMPORT_GERMEVAL_USAGE}\n`);
      return 2;
    }
    if (error instanceof RedisNotFoundError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    const message =
      error instanceof AppError
        ? `${error.code}: ${error.message}${error.details ? ` ${JSON.stringify(error.details)}` : ""}`
        : (error as Error).message;
    process.stderr.write(`hierboard import-germeval: ${message}\n`);
    return 1;
  }
}
