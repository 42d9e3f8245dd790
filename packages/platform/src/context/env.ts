// Fallback configuration, used only when the host process did not call configurePlatform().
// The only place this package reads the environment.
import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z.url().default("postgresql://root@127.0.0.1:5432/hierboard"),
  REDIS_URL: z.url().default("redis://127.0.0.1:6379"),
  HIERBOARD_QUEUE_PREFIX: z.string().min(1).default("hierboard"),
  HIERBOARD_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
});

export type PlatformEnv = z.infer<typeof schema>;

export function loadPlatformEnv(source: NodeJS.ProcessEnv = process.env): PlatformEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new Error(`invalid environment: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
