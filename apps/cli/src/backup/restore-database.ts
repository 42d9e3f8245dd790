// `hierboard restore IN`: checks the manifest and the archive, then restores it with pg_restore
// into an empty database (created if missing) in one transaction, and applies the migrations
// this checkout has that the backup predates. Refuses, changing nothing, when the archive does
// not match its manifest, when the backup has migrations this checkout does not know (restore
// with the code it was taken with), when the target database already holds tables, or when
// pg_restore is older than the pg_dump that wrote the archive.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { applyMigrations, ensureDatabase, migrationsDir as defaultMigrationsDir, readMigrations } from "@hierboard/db/migrations";
import pg from "pg";
import { backupManifestSchema, type BackupManifest } from "./backup-manifest.ts";
import { BackupError, findPgTool } from "./pg-client-tools.ts";

const run = promisify(execFile);

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(dir, "manifest.json"), "utf8").catch(() => undefined);
  if (text === undefined) throw new BackupError(`${dir} has no manifest.json: expected a folder written by \`hierboard backup\``);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BackupError(`${dir}/manifest.json is not JSON: ${(error as Error).message}`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(
      `${dir}/manifest.json is not a HierBoard backup manifest: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}

async function tablesIn(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (
      await client.query<{ t: string }>(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)
    ).rows.map((r) => r.t);
  } finally {
    await client.end();
  }
}

export async function restoreDatabase(opts: {
  databaseUrl: string;
  from: string;
  migrationsDir?: string;
  log?: (line: string) => void;
}): Promise<{ manifest: BackupManifest; migrated: string[] }> {
  const log = opts.log ?? (() => {});
  const manifest = await readManifest(opts.from);
  const dumpPath = path.join(opts.from, manifest.dump.file);
  const bytes = await readFile(dumpPath).catch(() => {
    throw new BackupError(`the archive ${dumpPath} named by the manifest is missing`);
  });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (sha256 !== manifest.dump.sha256 || bytes.byteLength !== manifest.dump.bytes) {
    throw new BackupError(
      `${dumpPath} does not match its manifest: expected ${manifest.dump.bytes} bytes with sha256 ${manifest.dump.sha256}, found ${bytes.byteLength} bytes with sha256 ${sha256}`,
    );
  }
  const known = new Set((await readMigrations(opts.migrationsDir ?? defaultMigrationsDir)).map((m) => m.name));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length) {
    throw new BackupError(
      `the backup has migrations this checkout does not know (${unknown.join(", ")}): restore it with the HierBoard version it was taken with, then upgrade`,
    );
  }
  // pg_restore reads archives written by its own major version or older; prefer the major of the
  // server the backup came from (the usual target). Found before anything is created.
  const pgRestore = await findPgTool("pg_restore", {
    minMajor: manifest.pgDump.major,
    preferMajor: manifest.engine.major,
    reason: `the archive was written by pg_dump ${manifest.pgDump.version}`,
  });

  if (await ensureDatabase(opts.databaseUrl)) log("created the target database");
  const tables = await tablesIn(opts.databaseUrl);
  if (tables.length)
    throw new BackupError(
      `the target database is not empty (it has ${tables.length} tables, e.g. ${tables.slice(0, 3).join(", ")}): restore into a new or empty database`,
    );

  log(`pg_restore ${pgRestore.version} ← ${dumpPath} (taken from PostgreSQL ${manifest.engine.version} on ${manifest.createdAt})`);
  try {
    await run(
      pgRestore.bin,
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${opts.databaseUrl}`, dumpPath],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    throw new BackupError(
      `pg_restore failed (nothing was restored: it runs in one transaction): ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
    );
  }
  const migrated = await applyMigrations({ databaseUrl: opts.databaseUrl, migrationsDir: opts.migrationsDir ?? defaultMigrationsDir });
  if (migrated.applied.length) log(`applied ${migrated.applied.length} newer migration(s): ${migrated.applied.join(", ")}`);
  return { manifest, migrated: migrated.applied };
}
