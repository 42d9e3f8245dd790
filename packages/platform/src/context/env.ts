// Fallback configuration, used only when the host process did not call configurePlatform().
// The only place this package reads the environment.
import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z.url().default("postgresql://root@127.0.0.1:5432/hierboard"),
  REDIS_URL: z.url().default("redis://127.0.0.1:6379"),
  HIERBOARD_QUEUE_PREFIX: z.string().min(1).default("hierboard"),
  HIERBOARD_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  // Engine threads of a web process (upload validation, comparisons) and the tasks that may wait
  // for one; past that a request is refused with 503 instead of queueing without bound.
  HIERBOARD_ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  HIERBOARD_ENGINE_QUEUE: z.coerce.number().int().min(0).default(16),
  // Absolute path of threads/engine-thread.mjs, for a deployment where it is not found by itself.
  HIERBOARD_ENGINE_THREAD: z.string().optional(),
  // Upload attempts (accepted or refused) per account and window.
  HIERBOARD_UPLOAD_ATTEMPTS: z.coerce.number().int().min(1).default(30),
  /** Sign-ups per network address and hour. */
  HIERBOARD_SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  HIERBOARD_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
});

export type PlatformEnv = z.infer<typeof schema>;

export function loadPlatformEnv(source: NodeJS.ProcessEnv = process.env): PlatformEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new Error(`invalid environment: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
