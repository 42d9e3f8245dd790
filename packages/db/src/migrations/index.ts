export { applyMigrations, migrationChecksum, readMigrations, type ApplyResult, type MigrationFile } from "./apply-migrations.ts";
export { checkDrift, type DriftResult } from "./check-drift.ts";
export { ensureDatabase } from "./ensure-database.ts";
export { databaseName, quoteIdent, withDatabase } from "./database-url.ts";
export { migrationsDir, schemaPath, repoRoot } from "./paths.ts";
