// `hierboard backup OUT`: a pg_dump custom-format archive of the whole database (submissions'
// files, gold and taxonomies are stored in it too) and a manifest with the engine version, the
// applied migrations, the archive's sha256 and row counts, in a new folder OUT.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { BACKUP_FORMAT, type BackupManifest } from "./backup-manifest.ts";
import { BackupError, findPgTool } from "./pg-client-tools.ts";

const run = promisify(execFile);
export const DUMP_FILE = "database.dump";

async function serverFacts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version.split(" ")[0]!;
    const major = Math.floor(
      Number((await client.query<{ server_version_num: string }>("SHOW server_version_num")).rows[0]!.server_version_num) / 10_000,
    );
    const migrations = (
      await client.query<{ migration_name: string }>(
        `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    ).rows.map((r) => r.migration_name);
    const counts: Record<string, number> = {};
    for (const table of ["User", "Task", "Team", "Submission", "Score", "AuditLog"]) {
      counts[table] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n);
    }
    return { version, major, migrations, counts };
  } finally {
    await client.end();
  }
}

export async function backupDatabase(opts: { databaseUrl: string; out: string; log?: (line: string) => void }): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const existing = await readdir(opts.out).catch(() => undefined);
  if (existing && existing.length > 0)
    throw new BackupError(`${opts.out} already holds files (${existing.slice(0, 3).join(", ")}); back up into a new or empty folder`);
  const server = await serverFacts(opts.databaseUrl);
  // pg_dump refuses a server of a newer major than its own: take the server's major, or the oldest newer one.
  const pgDump = await findPgTool("pg_dump", {
    minMajor: server.major,
    preferMajor: server.major,
    reason: `the server runs PostgreSQL ${server.version}`,
  });

  await mkdir(opts.out, { recursive: true, mode: 0o700 });
  const dumpPath = path.join(opts.out, DUMP_FILE);
  log(`pg_dump ${pgDump.version} → ${dumpPath} (PostgreSQL ${server.version}, ${server.migrations.length} migrations)`);
  try {
    await run(pgDump.bin, ["--format=custom", "--no-owner", "--no-privileges", `--file=${dumpPath}`, `--dbname=${opts.databaseUrl}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw new BackupError(`pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
  }
  const bytes = await readFile(dumpPath);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    engine: { name: "PostgreSQL", version: server.version, major: server.major },
    pgDump: { version: pgDump.version, major: pgDump.major },
    migrations: server.migrations,
    dump: { file: DUMP_FILE, bytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") },
    counts: server.counts,
  };
  await writeFile(path.join(opts.out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
