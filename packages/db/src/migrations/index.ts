export { applyMigrations, readMigrations } from "./apply-migrations.ts";
export { ensureDatabase } from "./ensure-database.ts";
export { quoteIdent, withDatabase } from "./database-url.ts";
export { migrationsDir, repoRoot } from "./paths.ts";
