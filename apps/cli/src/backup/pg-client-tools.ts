// The PostgreSQL client programs a backup needs (pg_dump, pg_restore): which copies exist, which
// major version each is, and which one fits the server. PG_BIN names their folder and is then
// the only place looked at; otherwise the embedded PostgreSQL's folder, Debian's
// /usr/lib/postgresql/<major>/bin folders and the PATH are searched, and the copy whose major
// version matches the server's is taken.
import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { embeddedPostgresBinDir } from "@hierboard/launcher";

const run = promisify(execFile);

export type PgToolName = "pg_dump" | "pg_restore";

export interface PgTool {
  bin: string;
  /** e.g. "15.20" */
  version: string;
  major: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15.20, major 15. */
export function parseToolVersion(text: string): { version: string; major: number } | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return undefined;
  return { version: match[2] ? `${match[1]}.${match[2]}` : match[1]!, major: Number(match[1]) };
}

/** Debian's side-by-side installs: /usr/lib/postgresql/18/bin, …/15/bin, newest first. */
async function debianBinDirs(root = "/usr/lib/postgresql"): Promise<string[]> {
  const entries = await readdir(root).catch(() => [] as string[]);
  return entries
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((name) => path.join(root, name, "bin"));
}

/**
 * Where to look for a client program, in order: PG_BIN alone when it is set; otherwise the
 * embedded PostgreSQL's folder, Debian's versioned folders, and the bare name (the PATH).
 */
export async function candidateBins(name: PgToolName, pgBin: string | undefined): Promise<string[]> {
  if (pgBin) return [path.join(pgBin, name)];
  const embedded = await embeddedPostgresBinDir();
  const dirs = [...(embedded ? [embedded] : []), ...(await debianBinDirs())];
  return [...dirs.map((dir) => path.join(dir, name)), name];
}

/** Runs each candidate's `--version`; the ones that answer, without duplicates of one version. */
export async function installedTools(bins: readonly string[]): Promise<PgTool[]> {
  const found: PgTool[] = [];
  for (const bin of bins) {
    const output = await run(bin, ["--version"]).then(
      (r) => r.stdout,
      () => undefined,
    );
    if (output === undefined) continue;
    const parsed = parseToolVersion(output);
    if (!parsed)
      throw new BackupError(`could not read the version of ${bin}: expected "(PostgreSQL) N.M", found ${JSON.stringify(output.trim())}`);
    // /usr/bin/pg_dump is Debian's wrapper around one of the versioned folders: keep the first of a version.
    if (!found.some((tool) => tool.version === parsed.version)) found.push({ bin, ...parsed });
  }
  return found;
}

/** What the chosen program must be: at least `minMajor`, preferably `preferMajor`, for the server named in messages. */
export interface PgToolNeed {
  /** pg_dump: the server's major (an older pg_dump refuses a newer server). pg_restore: the archive's pg_dump major. */
  minMajor: number;
  /** The major to take when there is a choice: the server's. */
  preferMajor: number;
  /** e.g. "the server runs PostgreSQL 18.1", for the error message. */
  reason: string;
}

/**
 * The copy to run: the one of the preferred major, else the oldest one that is new enough;
 * a BackupError naming every version found, and what to install, when none is.
 */
export function choosePgTool(name: PgToolName, tools: readonly PgTool[], need: PgToolNeed, pgBin?: string): PgTool {
  const fitting = tools.filter((tool) => tool.major >= need.minMajor).sort((a, b) => a.major - b.major);
  const chosen = fitting.find((tool) => tool.major === need.preferMajor) ?? fitting[0];
  if (chosen) return chosen;
  const where = pgBin ? `in PG_BIN=${pgBin}` : "next to the embedded PostgreSQL, in /usr/lib/postgresql/*/bin and on the PATH";
  if (tools.length === 0) {
    throw new BackupError(
      `${name} was not found (looked ${where}). Install the PostgreSQL ${need.minMajor} client programs ` +
        `(apt-get install postgresql-client-${need.minMajor}, or postgresql-client) or set PG_BIN to their folder.`,
    );
  }
  const seen = tools.map((tool) => `${tool.version} (${tool.bin})`).join(", ");
  throw new BackupError(
    `${name} ${need.minMajor} or newer is needed (${need.reason}), but only ${name} ${seen} was found (looked ${where}): ` +
      `a client older than the server cannot be used. Install the PostgreSQL ${need.minMajor} client programs ` +
      `(postgresql-client-${need.minMajor}, from apt.postgresql.org where Debian has no such version; the embedded ` +
      `PostgreSQL of \`pnpm start\` ships no pg_dump) and point PG_BIN at their bin folder.`,
  );
}

/** Finds the client program that fits `need` (see `candidateBins` and `choosePgTool`). */
// biome-ignore lint/style/noProcessEnv: PG_BIN is an operator override for where pg_dump lives, read where the tool is looked up
export async function findPgTool(name: PgToolName, need: PgToolNeed, pgBin = process.env.PG_BIN): Promise<PgTool> {
  return choosePgTool(name, await installedTools(await candidateBins(name, pgBin)), need, pgBin);
}
