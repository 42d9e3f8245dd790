// `hierboard task export SLUG OUT_DIR` and `hierboard task import DIR`: thin over the platform's
// bundle functions, acting as the installation's admin.
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  AppError,
  buildTaskBundle,
  bundleFromZip,
  bundleToZip,
  createPlatformContext,
  importTaskBundle,
  readBundleDirectory,
  writeBundleDirectory,
} from "@hierboard/platform";
import { ensureAdmin, loadLauncherEnv, RedisNotFoundError } from "@hierboard/launcher";
import { UsageError } from "./import-germeval-args.ts";
import { connectToPlatform } from "./platform-connection.ts";
import { parseTaskArgs, TASK_USAGE, type TaskArgs } from "./task-args.ts";

const log = (line: string) => process.stdout.write(`${line}\n`);
// biome-ignore lint/style/noProcessEnv: INIT_CWD is set by pnpm to the caller's folder, so relative paths mean what the user typed
const resolve = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
const MAX_BUNDLE_BYTES = 2 * 1024 ** 3;

async function run(args: Exclude<TaskArgs, "help">): Promise<void> {
  // Read the bundle before connecting, so a bad path fails fast.
  const source = args.command === "import" ? resolve(args.dir) : null;
  const bundle = source
    ? (await stat(source)).isFile()
      ? await bundleFromZip(new Uint8Array(await readFile(source)), { maxTotalBytes: MAX_BUNDLE_BYTES })
      : await readBundleDirectory(source)
    : null;
  const connection = await connectToPlatform(log);
  const ctx = createPlatformContext({
    databaseUrl: connection.databaseUrl,
    redisUrl: connection.redisUrl,
    queuePrefix: connection.queuePrefix,
  });
  try {
    const admin = await ensureAdmin(ctx, loadLauncherEnv().dataDir);
    if (admin.password) log(`created the admin account ${admin.email} with password ${admin.password} (shown this once)`);
    if (args.command === "export") {
      const built = await buildTaskBundle({ userId: admin.id, slug: args.slug }, ctx);
      const out = resolve(args.out);
      if (out.endsWith(".zip")) {
        await writeFile(out, bundleToZip(built), { flag: "wx" });
        log(`exported ${args.slug} to ${out} (${built.files.size + 1} files)`);
      } else {
        const written = await writeBundleDirectory(out, built);
        log(`exported ${args.slug} to ${out}: ${written.join(", ")}`);
      }
    } else {
      const task = await importTaskBundle({ userId: admin.id, bundle: bundle!, slug: args.slug }, ctx);
      log(`imported the task ${task.slug} from ${source}`);
    }
  } finally {
    await ctx.close?.();
    await connection.services?.stop();
  }
}

export async function runTask(argv: readonly string[]): Promise<number> {
  try {
    const args = parseTaskArgs(argv);
    if (args === "help") {
      log(TASK_USAGE);
      return 0;
    }
    await run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`hierboard task: ${error.message}\n${TASK_USAGE}\n`);
      return 2;
    }
    if (error instanceof RedisNotFoundError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    const message = error instanceof AppError ? `${error.code}: ${error.message}${problemLines(error.details)}` : (error as Error).message;
    process.stderr.write(`hierboard task: ${message}\n`);
    return 1;
  }
}

/** Every problem of a refused file (after the first, which the message names) and the hint, one per line. */
function problemLines(details: unknown): string {
  const { issues, hint } = (details ?? {}) as { issues?: { message?: unknown }[]; hint?: unknown };
  const rest = Array.isArray(issues) ? issues.slice(1).flatMap((issue) => (typeof issue.message === "string" ? [issue.message] : [])) : [];
  return rest.map((line) => `\n  ${line}`).join("") + (typeof hint === "string" ? `\nhint: ${hint}` : "");
}
