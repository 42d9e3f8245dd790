// `pnpm db:new-migration <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with the SQL that takes the committed migrations to the current schema.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadDbEnv } from "../env.ts";
import { checkDrift } from "../migrations/check-drift.ts";
import { migrationsDir } from "../migrations/paths.ts";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: pnpm db:new-migration <snake_case_name>");
  process.exit(2);
}
const { DATABASE_URL } = loadDbEnv();
const result = await checkDrift({ databaseUrl: DATABASE_URL });
if (result.inSync) {
  console.log("schema and migrations already agree; nothing to write");
} else {
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), `${result.sql}\n`);
  console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
}
