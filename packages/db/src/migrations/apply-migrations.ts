// Applies prisma/migrations/*/migration.sql without Prisma's schema engine, recording each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, same sha256 checksum),
// so either tool can take over from the other.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/** The advisory lock key `prisma migrate` takes on PostgreSQL, so the two never run at once. */
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface ApplyResult {
  applied: string[];
  skipped: string[];
}

/** Prisma's checksum: sha256 of the script text, lower-case hex, zero-padded. */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/** Prisma also accepts a script whose line endings were changed by git. */
function checksumMatches(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll("\r\n", "\n"), sql.replaceAll(/\r?\n/g, "\r\n")].some((variant) => migrationChecksum(variant) === checksum);
}

/** The migration directories in the order Prisma applies them (lexicographic by name). */
export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
    files.push({ name, sql, checksum: migrationChecksum(sql) });
  }
  return files;
}

interface RecordedMigration {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies every pending migration, each in its own transaction together with its
 * `_prisma_migrations` row, so a failing migration leaves neither schema changes nor a record.
 * Throws on a failed or edited migration that is already recorded, like `prisma migrate deploy`.
 */
export async function applyMigrations(opts: {
  databaseUrl: string;
  migrationsDir: string;
  log?: (line: string) => void;
}): Promise<ApplyResult> {
  const log = opts.log ?? (() => {});
  const migrations = await readMigrations(opts.migrationsDir);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const result: ApplyResult = { applied: [], skipped: [] };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const recorded = await client.query<RecordedMigration>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const byName = new Map<string, RecordedMigration[]>();
    for (const row of recorded.rows) byName.set(row.migration_name, [...(byName.get(row.migration_name) ?? []), row]);

    for (const migration of migrations) {
      const rows = (byName.get(migration.name) ?? []).filter((r) => r.rolled_back_at === null);
      const failed = rows.find((r) => r.finished_at === null);
      if (failed) {
        throw new Error(
          `migration ${migration.name} is recorded as failed in _prisma_migrations; resolve it (prisma migrate resolve) before applying more`,
        );
      }
      const done = rows.find((r) => r.finished_at !== null);
      if (done) {
        if (!checksumMatches(migration.sql, done.checksum)) {
          throw new Error(`migration ${migration.name} was edited after it was applied (checksum differs)`);
        }
        result.skipped.push(migration.name);
        continue;
      }
      await client.query("BEGIN");
      try {
        const id = randomUUID();
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${migration.name} failed and was rolled back: ${message}`, { cause: error });
      }
      result.applied.push(migration.name);
      log(`applied ${migration.name}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
  return result;
}
