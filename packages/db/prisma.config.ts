// Prisma CLI configuration. It lives in the db package (not the repo root) so that `prisma` and
// the adapter resolve from this package's dependencies; the schema and migrations stay in /prisma.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";
import { schemaEngineAdapter } from "./src/migrations/schema-engine-adapter.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const defaultUrl = "postgresql://root@127.0.0.1:5432/hierboard";
// The schema keeps `url = env("DATABASE_URL")`; without a value `prisma generate` cannot read the
// generator config and falls back to downloading a native engine, which fails offline.
process.env.DATABASE_URL ??= defaultUrl;

export default defineConfig({
  experimental: { adapter: true },
  // The WASM schema engine: no native engine download (see docs/stack-notes).
  engine: "js",
  schema: path.join(root, "prisma/schema.prisma"),
  migrations: { path: path.join(root, "prisma/migrations") },
  adapter: async () => schemaEngineAdapter(process.env.DATABASE_URL ?? defaultUrl),
});
