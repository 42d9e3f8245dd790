// A fresh database per test file: created on the local server, migrated with the committed
// migrations, dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPrismaClient, type Db } from "../client.ts";
import { applyMigrations } from "../migrations/apply-migrations.ts";
import { quoteIdent, withDatabase } from "../migrations/database-url.ts";
import { migrationsDir } from "../migrations/paths.ts";

/**
 * The server tests run against: DATABASE_URL when set (`pnpm test` sets it to the embedded
 * PostgreSQL it starts when nothing answers on 5432), else the local server (trust auth; the
 * `test` database exists).
 */
// biome-ignore lint/style/noProcessEnv: the tests' server, chosen by the test run's environment
export const TEST_SERVER_URL = process.env.DATABASE_URL || "postgresql://root@127.0.0.1:5432/test";

/** The test server's major version (15 for the local server; 18 for the embedded one `pnpm test` may start). */
export async function testServerMajorVersion(): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
  /** Disconnects the client and drops the database (idempotent). */
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(opts: { serverUrl?: string; migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = opts.serverUrl ?? TEST_SERVER_URL;
  const name = `hb_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  const url = withDatabase(serverUrl, name);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await db.$disconnect().catch(() => {});
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  };
  const db = createPrismaClient(url, { maxConnections: 5 });
  try {
    if (opts.migrate !== false) await applyMigrations({ databaseUrl: url, migrationsDir });
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url, db, drop };
}
