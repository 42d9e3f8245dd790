// The worker's environment, validated once at start-up. Nothing else reads process.env.
import { z } from "zod";
import {
  databaseEnvFragment,
  logEnvFragment,
  mailEnvFragment,
  nodeEnvFragment,
  publicUrlEnvFragment,
  queueEnvFragment,
  redisEnvFragment,
  testHooksAllowed,
} from "@hierboard/platform/env-fragments";

const schema = z.object({
  ...databaseEnvFragment,
  ...redisEnvFragment,
  ...queueEnvFragment,
  ...logEnvFragment,
  ...nodeEnvFragment,
  ...mailEnvFragment,
  ...publicUrlEnvFragment,
  /** The web app's secret: the worker signs the unsubscribe links in mail with it (the web checks them). */
  AUTH_SECRET: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  /** Jobs scored at the same time by this process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How long a job's lock lives without renewal; a killed worker's job is recovered after it. */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often the worker looks for stalled jobs. */
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * Time budget of one scoring job, in seconds: past it the job fails for good with "scoring took
   * longer than N s" (shown to the team), instead of holding a slot or being retried.
   */
  WORKER_SCORING_BUDGET_S: z.coerce.number().positive().default(300),
  /** How often QUEUED submissions without a live job are put back on the queue (0 = never). */
  WORKER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Age after which a QUEUED submission counts as stuck for the sweep. */
  WORKER_SWEEP_MIN_AGE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * A submission with more documents than this (or more bytes than WORKER_SHARD_BYTES) is scored
   * as a flow of shard jobs of at most this many documents. The default keeps GermEval-size
   * files (4k–20k documents) in one job.
   */
  WORKER_SHARD_DOCUMENTS: z.coerce.number().int().min(1).default(50_000),
  /** A shard is closed once it spans this many bytes of the file. */
  WORKER_SHARD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(32 * 1024 * 1024),
  /**
   * How often the phases' calendar sweep runs ("closes in 24 hours" reminders, private boards that
   * opened at their end): one BullMQ job scheduler shared by every worker; each mail is recorded,
   * so it goes out once however often the sweep runs.
   */
  WORKER_PHASE_CALENDAR_EVERY_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(15 * 60 * 1000),
  /**
   * How often the boards' repair sweep runs: one query for the boards whose stored board is missing
   * or stale, and their board jobs (a safety net: every write that changes a board enqueues its
   * own). Each worker enqueues it on this timer; one job (a fixed id) waits at a time.
   */
  WORKER_BOARD_REPAIR_EVERY_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(5 * 60 * 1000),
  /** The worker's internal HTTP port (`/metrics`, `/ready`); 0 = off. */
  WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Where that port listens; keep it internal. */
  WORKER_HTTP_HOST: z.string().min(1).default("127.0.0.1"),
});

/**
 * Test hooks, kept out of the production schema: honoured only when NODE_ENV is not
 * "production" (or HIERBOARD_TEST_HOOKS=1); otherwise every hook stays at 0.
 */
const workerTestHooksSchema = z.object({
  /** Pause this long after marking a submission SCORING (to kill a worker mid-job). */
  WORKER_DEBUG_PAUSE_MS: z.coerce.number().int().min(0).default(0),
  /** Pause this long at the start of every shard job. */
  WORKER_DEBUG_SHARD_PAUSE_MS: z.coerce.number().int().min(0).default(0),
  /** Pause this long inside the score-writing transaction, before it commits. */
  WORKER_DEBUG_WRITE_PAUSE_MS: z.coerce.number().int().min(0).default(0),
});

export type WorkerEnv = z.infer<typeof schema> & { testHooks: z.infer<typeof workerTestHooksSchema> };

export function loadWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`invalid worker environment:\n${z.prettifyError(parsed.error)}`);
  }
  const hooks = workerTestHooksSchema.safeParse(testHooksAllowed(source) ? source : {});
  if (!hooks.success) {
    throw new Error(`invalid worker test hooks:\n${z.prettifyError(hooks.error)}`);
  }
  return { ...parsed.data, testHooks: hooks.data };
}
