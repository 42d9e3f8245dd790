// `hierboard task export-submissions SLUG DIR [--phase KEY]`: the organisers' bulk export (every
// submission file, scores.csv/json, run metadata, hashes) written as one zip into DIR, streamed
// from the database to the file. Acts as the installation's admin, like `hierboard task export`.
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { ensureAdmin, loadLauncherEnv } from "@hierboard/launcher";
import { AppError, createPlatformContext, exportSubmissions } from "@hierboard/platform";
import { connectToPlatform } from "./platform-connection.ts";

const EXPORT_SUBMISSIONS_USAGE = `Usage: hierboard task export-submissions SLUG DIR [--phase KEY]

Writes every submission of the task SLUG (or of its phase KEY) as one zip into DIR (created if
needed; an existing zip of the same name is never overwritten): each file as uploaded, scores.csv
and scores.json (every score per gold version, with the engine version and the taxonomy and gold
sha256), runs.csv and runs.json (team, members' display names, file hash, status, final runs) and
hashes.json. Acts as the installation's admin; the export is audited.`;

const log = (line: string) => process.stdout.write(`${line}\n`);
// biome-ignore lint/style/noProcessEnv: INIT_CWD is set by pnpm to the caller's folder, so relative paths mean what the user typed
const resolve = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

export async function runExportSubmissions(argv: readonly string[]): Promise<number> {
  let values: { phase?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { phase: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    process.stderr.write(`hierboard task export-submissions: ${(error as Error).message}\n${EXPORT_SUBMISSIONS_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    log(EXPORT_SUBMISSIONS_USAGE);
    return 0;
  }
  if (positionals.length !== 2) {
    process.stderr.write(
      `hierboard task export-submissions: expected SLUG and DIR, got ${positionals.length} argument(s)\n${EXPORT_SUBMISSIONS_USAGE}\n`,
    );
    return 2;
  }
  const [slug, dir] = positionals as [string, string];
  const connection = await connectToPlatform(log);
  const ctx = createPlatformContext({
    databaseUrl: connection.databaseUrl,
    redisUrl: connection.redisUrl,
    queuePrefix: connection.queuePrefix,
  });
  try {
    const admin = await ensureAdmin(ctx, loadLauncherEnv().dataDir);
    const exported = await exportSubmissions({ userId: admin.id, slug, phaseKey: values.phase }, ctx);
    const out = path.join(resolve(dir), exported.fileName);
    await mkdir(path.dirname(out), { recursive: true });
    await pipeline(Readable.fromWeb(exported.stream as NodeReadableStream<Uint8Array>), createWriteStream(out, { flags: "wx" }));
    log(`exported ${exported.submissions} submission(s) of ${slug} to ${out}`);
    return 0;
  } catch (error) {
    const message = error instanceof AppError ? `${error.code}: ${error.message}` : (error as Error).message;
    process.stderr.write(`hierboard task export-submissions: ${message}\n`);
    return 1;
  } finally {
    await ctx.close?.();
    await connection.services?.stop();
  }
}
