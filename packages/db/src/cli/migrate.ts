// `pnpm db:migrate`: creates the database if needed and applies pending migrations, offline.
import { loadDbEnv } from "../env.ts";
import { applyMigrations } from "../migrations/apply-migrations.ts";
import { databaseName } from "../migrations/database-url.ts";
import { ensureDatabase } from "../migrations/ensure-database.ts";
import { migrationsDir } from "../migrations/paths.ts";

const { DATABASE_URL } = loadDbEnv();
if (await ensureDatabase(DATABASE_URL)) console.log(`created database ${databaseName(DATABASE_URL)}`);
const result = await applyMigrations({ databaseUrl: DATABASE_URL, migrationsDir, log: (line) => console.log(line) });
console.log(
  `${result.applied.length} migration(s) applied, ${result.skipped.length} already applied (database ${databaseName(DATABASE_URL)})`,
);
