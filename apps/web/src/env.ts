import {
  databaseEnvFragment,
  logEnvFragment,
  nodeEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  uploadLimitBytes,
  uploadLimitEnvFragment,
  uploadRateEnvFragment,
  verifyAddressesEnvFragment,
} from "@hierboard/db/env";
import { z } from "zod";

/**
 * The web app's whole environment, validated once. Nothing else in apps/web
 * reads `process.env`. During `next build` no request is served, so the
 * runtime-only secrets fall back to placeholders there; at run time a missing
 * secret in production is a start-up error.
 */
const isBuild = process.env.NEXT_PHASE === "phase-production-build";
const isProduction = process.env.NODE_ENV === "production";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

const schema = z.object({
  ...nodeEnvFragment,
  ...databaseEnvFragment,
  ...redisEnvFragment,
  ...verifyAddressesEnvFragment,
  ...queueEnvFragment,
  ...uploadRateEnvFragment,
  ...uploadLimitEnvFragment,
  ...logEnvFragment,
  NEXTAUTH_URL: optionalString,
  NEXTAUTH_SECRET: optionalString,
  AUTH_SECRET: optionalString,
  GITHUB_ID: optionalString,
  GITHUB_SECRET: optionalString,
  /** `GET /api/metrics` answers only with `Authorization: Bearer <this>`; unset, it is off (404). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  /**
   * Anonymous visitors' task board and rankings pages are kept rendered this many seconds at most
   * (and only while nothing on them changed, see src/server/page-cache); 0 turns that cache off.
   */
  HIERBOARD_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Where this server answers itself, for the page cache's renders (default: 127.0.0.1 and its port). */
  HIERBOARD_INTERNAL_ORIGIN: optionalString.pipe(z.string().url().optional()),
  /**
   * How many reverse proxies in front of the web app append the client's address to
   * `X-Forwarded-For`. 0 (the default): none, so a client's own header is replaced by the socket's
   * address (src/server/peer-address.ts) and per-address limits cannot be fooled by it.
   */
  HIERBOARD_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(5).default(0),
  /** Set by `pnpm start` when it catches mail locally: the folder /admin/mail shows. */
  HIERBOARD_MAIL_DIR: optionalString,
  /** Set by `pnpm start`: the launcher's pid; the server exits when that process is gone. */
  HIERBOARD_PARENT_PID: z.coerce.number().int().min(2).optional(),
});

function parseEnv() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment for @hierboard/web:\n  ${fields.join("\n  ")}`);
  }
  const raw = parsed.data;
  const secret = raw.NEXTAUTH_SECRET ?? raw.AUTH_SECRET;
  if (!secret && isProduction && !isBuild) {
    throw new Error("Invalid environment for @hierboard/web: NEXTAUTH_SECRET (or AUTH_SECRET) is required in production");
  }
  return {
    nodeEnv: raw.NODE_ENV,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    queuePrefix: raw.HIERBOARD_QUEUE_PREFIX,
    authUrl: raw.NEXTAUTH_URL,
    authSecret: secret ?? "hierboard-development-secret-not-for-production",
    github: raw.GITHUB_ID && raw.GITHUB_SECRET ? { clientId: raw.GITHUB_ID, clientSecret: raw.GITHUB_SECRET } : undefined,
    uploadLimitBytes: uploadLimitBytes(raw.UPLOAD_LIMIT_MB),
    uploadAttempts: raw.HIERBOARD_UPLOAD_ATTEMPTS,
    signUpsPerAddress: raw.HIERBOARD_SIGNUPS_PER_ADDRESS,
    uploadWindowSeconds: raw.HIERBOARD_UPLOAD_WINDOW_SECONDS,
    metricsToken: raw.METRICS_TOKEN,
    logLevel: raw.LOG_LEVEL,
    parentPid: raw.HIERBOARD_PARENT_PID,
    trustedProxies: raw.HIERBOARD_TRUSTED_PROXIES,
    pageCacheSeconds: raw.HIERBOARD_PAGE_CACHE_SECONDS,
    internalOrigin: raw.HIERBOARD_INTERNAL_ORIGIN,
    mailDir: raw.HIERBOARD_MAIL_DIR,
    verifyAddresses: raw.HIERBOARD_VERIFY_ADDRESSES === "1",
  } as const;
}

export const env = parseEnv();

/**
 * This server's own loopback origin. Next.js sets PORT once it listens (after this module may have
 * been loaded), so it is read when asked.
 */
export function internalOrigin(): string {
  return env.internalOrigin ?? `http://127.0.0.1:${process.env.PORT ?? "3000"}`;
}
