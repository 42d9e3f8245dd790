import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The repository root: the nearest folder above this module that holds prisma/migrations
 * (packages/db/src/migrations → ../../../.. in the sources; the image's /app for the bundled applier).
 */
function findRepoRoot(): string {
  for (let dir = here; path.dirname(dir) !== dir; dir = path.dirname(dir))
    if (existsSync(path.join(dir, "prisma", "migrations"))) return dir;
  return path.resolve(here, "../../../..");
}

export const repoRoot = findRepoRoot();
export const migrationsDir = path.join(repoRoot, "prisma/migrations");
export const schemaPath = path.join(repoRoot, "prisma/schema.prisma");
export const dbPackageDir = path.resolve(here, "../..");
