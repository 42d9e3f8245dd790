import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root (packages/db/src/migrations → ../../../..). */
export const repoRoot = path.resolve(here, "../../../..");
export const migrationsDir = path.join(repoRoot, "prisma/migrations");
export const schemaPath = path.join(repoRoot, "prisma/schema.prisma");
export const dbPackageDir = path.resolve(here, "../..");
