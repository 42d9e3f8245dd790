import pg from "pg";
import { databaseName, quoteIdent, withDatabase } from "./database-url.ts";

/** Creates the database named in `databaseUrl` if it does not exist yet. Returns true if created. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, "postgres") });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (error) {
    // Another process created it between the check and the CREATE.
    if ((error as { code?: string }).code === "42P04") return false;
    throw error;
  } finally {
    await admin.end();
  }
}
