// Fallback configuration, used only when the host process did not call configurePlatform().
// The only place this package reads the environment.
import { z } from "zod";
import {
  databaseEnvFragment,
  mailEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  uploadLimitEnvFragment,
  uploadRateEnvFragment,
} from "@hierboard/db/env";

const schema = z.object({
  ...databaseEnvFragment,
  ...redisEnvFragment,
  ...queueEnvFragment,
  ...uploadRateEnvFragment,
  ...uploadLimitEnvFragment,
  ...mailEnvFragment,
  // Engine threads of a web process (upload validation, comparisons) and the tasks that may wait
  // for one; past that a request is refused with 503 instead of queueing without bound.
  HIERBOARD_ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  HIERBOARD_ENGINE_QUEUE: z.coerce.number().int().min(0).default(16),
  // Absolute path of scoring/engine/engine-thread.mjs, for a deployment where it is not found by itself.
  HIERBOARD_ENGINE_THREAD: z.string().optional(),
});

export type PlatformEnv = z.infer<typeof schema>;

export function loadPlatformEnv(source: NodeJS.ProcessEnv = process.env): PlatformEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new Error(`invalid environment: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
