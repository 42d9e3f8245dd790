// The launcher's environment, validated once. Nothing else in packages/launcher reads process.env
// (children get an explicit environment built in main.ts).
import path from "node:path";
import { z } from "zod";
import { mailEnvFragment, queueEnvFragment, uploadLimitBytes, uploadLimitEnvFragment } from "@hierboard/db/env";
import { repoRoot } from "@hierboard/db/migrations";

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v))
  .pipe(z.url().optional());

const schema = z.object({
  /** An external PostgreSQL; without it an embedded one runs from the data folder. */
  DATABASE_URL: optionalUrl,
  /** An external Redis; without it a local redis-server runs from the data folder. */
  REDIS_URL: optionalUrl,
  /** Where the embedded services, the generated secrets and the markers live. */
  HIERBOARD_DATA_DIR: z.string().min(1).optional(),
  /** The web app's port; without it 3000, or a free port when 3000 is taken. */
  PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  ...queueEnvFragment,
  ...uploadLimitEnvFragment,
  /** The web app's session secret; without it one is generated once and kept in the data folder. */
  AUTH_SECRET: z.string().min(1).optional(),
  /** `1` skips seeding the demo task. */
  HIERBOARD_NO_DEMO: z.enum(["0", "1"]).default("0"),
  /** `1` rebuilds the web app even if a build exists. */
  HIERBOARD_REBUILD: z.enum(["0", "1"]).default("0"),
  /** SMTP_URL: real mail through that server; unset: a local catcher keeps every message in the data folder. */
  ...mailEnvFragment,
});

export interface LauncherEnv {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  port: number | undefined;
  queuePrefix: string;
  /** The demo seed's uploads obey the web's limit. */
  maxUploadBytes: number;
  authSecret: string | undefined;
  seedDemo: boolean;
  rebuild: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  verifyAddresses: boolean;
}

export function loadLauncherEnv(source: NodeJS.ProcessEnv = process.env): LauncherEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new Error(`invalid environment for pnpm start:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  return {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    dataDir: path.resolve(env.HIERBOARD_DATA_DIR ?? path.join(repoRoot, ".hierboard")),
    port: env.PORT,
    queuePrefix: env.HIERBOARD_QUEUE_PREFIX,
    maxUploadBytes: uploadLimitBytes(env.UPLOAD_LIMIT_MB),
    authSecret: env.AUTH_SECRET,
    seedDemo: env.HIERBOARD_NO_DEMO === "0",
    rebuild: env.HIERBOARD_REBUILD === "1",
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    verifyAddresses: env.HIERBOARD_VERIFY_ADDRESSES === "1",
  };
}

/** `host:port`, as the probe of a default port takes it. */
const endpoint = z
  .string()
  .regex(/^[^:\s]+:\d{1,5}$/, "expected host:port, for example 127.0.0.1:5432")
  .transform((v) => ({ host: v.slice(0, v.lastIndexOf(":")), port: Number(v.slice(v.lastIndexOf(":") + 1)) }));

const testRunSchema = z.object({
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Where the tests' default PostgreSQL is looked for (its default; set only to check the embedded path). */
  HIERBOARD_TEST_POSTGRES_PROBE: endpoint.default({ host: "127.0.0.1", port: 5432 }),
  /** Where the tests' default Redis is looked for (its default; set only to check the embedded path). */
  HIERBOARD_TEST_REDIS_PROBE: endpoint.default({ host: "127.0.0.1", port: 6379 }),
});

export interface Endpoint {
  host: string;
  port: number;
}

export interface TestRunEnv {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  postgresProbe: Endpoint;
  redisProbe: Endpoint;
}

/** The environment of `pnpm test`'s service start (test-with-services.ts). */
export function loadTestRunEnv(source: NodeJS.ProcessEnv = process.env): TestRunEnv {
  const parsed = testRunSchema.safeParse(source);
  if (!parsed.success) throw new Error(`invalid environment for pnpm test:\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  return {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    postgresProbe: env.HIERBOARD_TEST_POSTGRES_PROBE,
    redisProbe: env.HIERBOARD_TEST_REDIS_PROBE,
  };
}
