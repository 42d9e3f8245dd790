// Schema/migrations drift check: asks Prisma's own differ (WASM schema engine) for the SQL that
// would take a database built from the committed migrations to the schema. Empty = they agree.
import { spawn } from "node:child_process";
import path from "node:path";
import { withDatabase } from "./database-url.ts";
import { dbPackageDir, migrationsDir, schemaPath } from "./paths.ts";

export interface DriftResult {
  inSync: boolean;
  /** The SQL that the migrations are missing (empty when in sync). */
  sql: string;
}

const prismaBin = path.join(dbPackageDir, "node_modules/.bin/prisma");
const configPath = path.join(dbPackageDir, "prisma.config.ts");

/**
 * `databaseUrl` only names the server: Prisma creates and drops a throw-away shadow database there
 * (through the `postgres` maintenance database) to replay the migrations.
 */
export async function checkDrift(opts: { databaseUrl: string; schema?: string; migrations?: string }): Promise<DriftResult> {
  const args = [
    "migrate",
    "diff",
    "--config",
    configPath,
    "--from-migrations",
    opts.migrations ?? migrationsDir,
    "--to-schema-datamodel",
    opts.schema ?? schemaPath,
    "--script",
    "--exit-code",
  ];
  // biome-ignore lint/style/noProcessEnv: hands the whole environment on to a child process (not read as configuration)
  const inherited = process.env;
  const env = {
    ...inherited,
    DATABASE_URL: withDatabase(opts.databaseUrl, "postgres"),
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  };
  const { code, stdout, stderr } = await run(prismaBin, args, env);
  if (code === 0) return { inSync: true, sql: "" };
  if (code === 2) return { inSync: false, sql: stdout.trim() };
  throw new Error(`prisma migrate diff failed (exit ${code}):\n${stderr}${stdout}`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: dbPackageDir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
