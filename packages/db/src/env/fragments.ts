// The environment variables more than one process reads, each defined (with its one default)
// exactly once. Every env.ts spreads the fragments it needs into its own schema; no default or
// parsing rule for these variables is written anywhere else (test/env-fragments.test.ts checks).
import { z } from "zod";

export const nodeEnvFragment = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
};

export const databaseEnvFragment = {
  DATABASE_URL: z.url().default("postgresql://root@127.0.0.1:5432/hierboard"),
};

export const redisEnvFragment = {
  REDIS_URL: z.url().default("redis://127.0.0.1:6379"),
};

export const queueEnvFragment = {
  /** Web, worker and launcher must agree, so they all talk about the same queue. */
  HIERBOARD_QUEUE_PREFIX: z.string().min(1).default("hierboard"),
};

export const logEnvFragment = {
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
};

export const uploadRateEnvFragment = {
  /** Upload attempts (accepted or refused) per account in each window; then 429 with Retry-After. */
  HIERBOARD_UPLOAD_ATTEMPTS: z.coerce.number().int().min(1).default(30),
  /** Sign-ups per network address and hour; then 429 until the hour is over. */
  HIERBOARD_SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  HIERBOARD_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
};

export const uploadLimitEnvFragment = {
  /**
   * Largest accepted upload (submission, taxonomy, gold, task file), in megabytes: the web's
   * upload reader stops reading past it, and the platform checks it again on every upload.
   */
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(2048).default(50),
};

/** UPLOAD_LIMIT_MB in bytes. */
export function uploadLimitBytes(megabytes: number): number {
  return Math.round(megabytes * 1024 * 1024);
}

/** Every shared fragment by name, for the test that no variable is defined twice. */
export const sharedEnvFragments = {
  nodeEnvFragment,
  databaseEnvFragment,
  redisEnvFragment,
  queueEnvFragment,
  logEnvFragment,
  uploadRateEnvFragment,
  uploadLimitEnvFragment,
};

/**
 * Test hooks are honoured only outside production, or when HIERBOARD_TEST_HOOKS=1 says so
 * explicitly. In production they are dropped (their defaults apply), whatever is set.
 */
export function testHooksAllowed(source: NodeJS.ProcessEnv): boolean {
  return source.NODE_ENV !== "production" || source.HIERBOARD_TEST_HOOKS === "1";
}

/** Whether accounts must confirm their address by mail before they submit ("1" in production). */
export const verifyAddressesEnvFragment = {
  HIERBOARD_VERIFY_ADDRESSES: z.enum(["0", "1"]).default("0"),
};

export const mailEnvFragment = {
  /** The SMTP server mail goes through (`smtp://user:pass@host:587`, `smtps://…`); unset: nothing is mailed. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v))
    .pipe(z.url().optional()),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default("HierBoard <hierboard@localhost>"),
  ...verifyAddressesEnvFragment,
};

/** The public URL links in mail start with (next-auth's own variables), never a request's Host header. */
export const publicUrlEnvFragment = {
  NEXTAUTH_URL: z.url().optional(),
  AUTH_URL: z.url().optional(),
};
