// The PostgreSQL client programs a backup needs (pg_dump, pg_restore): where they are and which
// major version they are. PG_BIN names their folder; otherwise they are taken from the PATH.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

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

// biome-ignore lint/style/noProcessEnv: PG_BIN is an operator override for where pg_dump lives, read where the tool is looked up
export async function findPgTool(name: "pg_dump" | "pg_restore", pgBin = process.env.PG_BIN): Promise<PgTool> {
  const bin = pgBin ? path.join(pgBin, name) : name;
  let output: string;
  try {
    output = (await run(bin, ["--version"])).stdout;
  } catch {
    throw new BackupError(
      `${name} was not found (${pgBin ? `looked in PG_BIN=${pgBin}` : "looked on the PATH"}). Install the PostgreSQL client programs ` +
        "(`apt-get install postgresql-client`) or set PG_BIN to their folder.",
    );
  }
  const parsed = parseToolVersion(output);
  if (!parsed)
    throw new BackupError(`could not read the version of ${bin}: expected "(PostgreSQL) N.M", found ${JSON.stringify(output.trim())}`);
  return { bin, ...parsed };
}

/**
 * pg_dump refuses servers of a newer major version than its own (it may miss their catalog
 * changes), and pg_restore reads archives of its own major or older. Both rules, checked up front
 * with a message that says what to install.
 */
export function checkClientServerVersions(tool: PgTool, serverMajor: number, serverVersion: string): void {
  if (tool.major >= serverMajor) return;
  throw new BackupError(
    `${path.basename(tool.bin)} is version ${tool.version} but the server runs PostgreSQL ${serverVersion}: ` +
      `a client older than the server cannot be used. Install the PostgreSQL ${serverMajor} client programs ` +
      `(postgresql-client-${serverMajor}, from apt.postgresql.org on Debian) and point PG_BIN at their bin folder.`,
  );
}
