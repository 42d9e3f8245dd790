import { createPrismaClient, type Db } from "@hierboard/db";
import { uploadLimitBytes, uploadLimitEnvFragment } from "@hierboard/db/env";
import {
  createRedisConnection,
  createScoringQueue,
  enqueueBoard,
  enqueueMail,
  enqueueScoring,
  type MailJobData,
  type ScoringQueue,
} from "@hierboard/queue";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createUploadLimiter } from "../access/upload-rate-limit.ts";
import type { Redis } from "ioredis";
import { loadPlatformEnv } from "./env.ts";
import { currentRequestId } from "./request-id.ts";

/** The default upload size limit, in bytes: UPLOAD_LIMIT_MB's default. */
export const DEFAULT_MAX_UPLOAD_BYTES = uploadLimitBytes(uploadLimitEnvFragment.UPLOAD_LIMIT_MB.parse(undefined));

/** What every platform function runs against. Tests build their own; apps configure one. */
export interface PlatformContext {
  db: Db;
  /** Puts a submission on the scoring queue (idempotent; `replace` re-queues a finished job). */
  enqueueScoring(submissionId: string, opts?: { replace?: boolean }): Promise<void>;
  /**
   * Puts a board job on the queue (idempotent while it waits), for writes that change a board without a new score
   * (`enqueueBoardJobs`); reads never call it. Absent: the worker's repair sweep rebuilds the board.
   */
  enqueueBoard?(board: { phaseId: string; subtaskId: string }): Promise<void>;
  /** Puts a mail job on the queue (the worker writes and sends it); absent: nothing can be mailed. */
  enqueueMail?(mail: MailJobData): Promise<void>;
  /** Whether accounts must confirm their address before they submit (`HIERBOARD_VERIFY_ADDRESSES`). */
  verifyAddresses?: boolean;
  /** Upload attempts per account (Redis); absent: unlimited (scripts that are not a web server). */
  uploadLimiter?: RateLimiterAbstract;
  /** Size limit of uploaded submissions, taxonomies, gold and task files, in bytes (UPLOAD_LIMIT_MB). */
  maxUploadBytes: number;
  /** The clock; every limit and window is evaluated in UTC against it. */
  now(): Date;
  /** The scoring queue itself, for readiness checks and the operations status (absent in some tests). */
  scoringQueue?: ScoringQueue;
  /** Redis for attempt limits (sign-in, sign-up); functions that need it refuse to run without it. */
  redis?: Redis;
  /** Prefix of every Redis key the platform writes besides the queue's (unique per test file). */
  keyPrefix?: string;
  /** Sign-ups allowed per network address and hour (default 5; `SIGN_UP_PER_IP`). */
  signUpsPerAddress?: number;
  /** Releases connections the context opened itself. */
  close?(): Promise<void>;
}

export interface PlatformConnectionOptions {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix?: string;
  maxUploadBytes?: number;
  uploadAttempts?: number;
  uploadWindowSeconds?: number;
  signUpsPerAddress?: number;
  verifyAddresses?: boolean;
}

/** A context with its own Prisma client and queue producer. */
export function createPlatformContext(opts: PlatformConnectionOptions): PlatformContext {
  const db = createPrismaClient(opts.databaseUrl);
  const redis = createRedisConnection(opts.redisUrl, "producer");
  const queue = createScoringQueue(redis, { prefix: opts.queuePrefix });
  return {
    db,
    uploadLimiter: createUploadLimiter(redis, {
      keyPrefix: opts.queuePrefix ?? "hierboard",
      attempts: opts.uploadAttempts ?? 30,
      windowSeconds: opts.uploadWindowSeconds ?? 600,
    }),
    redis,
    keyPrefix: opts.queuePrefix ?? "hierboard",
    signUpsPerAddress: opts.signUpsPerAddress,
    verifyAddresses: opts.verifyAddresses ?? false,
    maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    now: () => new Date(),
    scoringQueue: queue,
    async enqueueScoring(submissionId, enqueueOpts) {
      await enqueueScoring(queue, submissionId, { ...enqueueOpts, requestId: currentRequestId() });
    },
    async enqueueBoard(board) {
      await enqueueBoard(queue, board);
    },
    async enqueueMail(mail) {
      await enqueueMail(queue, mail);
    },
    async close() {
      await queue.close();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}

// Kept on globalThis so that Next.js dev reloads reuse one pool.
const holder = globalThis as unknown as { __hierboardPlatform?: PlatformContext };

/** Sets the context platform functions use when none is passed explicitly. */
export function configurePlatform(ctx: PlatformContext | PlatformConnectionOptions): PlatformContext {
  holder.__hierboardPlatform = "db" in ctx ? ctx : createPlatformContext(ctx);
  return holder.__hierboardPlatform;
}

/** The configured context, or one built from DATABASE_URL / REDIS_URL on first use. */
export function platformContext(): PlatformContext {
  if (!holder.__hierboardPlatform) {
    const env = loadPlatformEnv();
    holder.__hierboardPlatform = createPlatformContext({
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      queuePrefix: env.HIERBOARD_QUEUE_PREFIX,
      maxUploadBytes: uploadLimitBytes(env.UPLOAD_LIMIT_MB),
      uploadAttempts: env.HIERBOARD_UPLOAD_ATTEMPTS,
      uploadWindowSeconds: env.HIERBOARD_UPLOAD_WINDOW_SECONDS,
      signUpsPerAddress: env.HIERBOARD_SIGNUPS_PER_ADDRESS,
      verifyAddresses: env.HIERBOARD_VERIFY_ADDRESSES === "1",
    });
  }
  return holder.__hierboardPlatform;
}
