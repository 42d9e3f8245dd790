// A platform wired to a fresh database and a uniquely prefixed BullMQ queue, for integration tests.
import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { createRedisConnection, createScoringQueue, enqueueBoard, enqueueMail, enqueueScoring, type ScoringQueue } from "@hierboard/queue";
import type { Redis } from "ioredis";
import { DEFAULT_MAX_UPLOAD_BYTES, type PlatformContext } from "../context/platform-context.ts";
import { currentRequestId } from "../context/request-id.ts";
import { createUploadLimiter } from "../access/upload-rate-limit.ts";

/** REDIS_URL when set (`pnpm test` sets it to the redis-server it starts when nothing answers on 6379), else the local one. */
// biome-ignore lint/style/noProcessEnv: the tests' Redis, chosen by the test run's environment
export const TEST_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

export interface TestPlatform {
  ctx: PlatformContext;
  database: TestDatabase;
  queue: ScoringQueue;
  /** The queue's Redis key prefix, unique per test file. */
  prefix: string;
  redis: Redis;
  /** Submission ids passed to enqueueScoring, in order. */
  enqueued: string[];
  /** Moves the test clock. */
  setNow(date: Date): void;
  cleanup(): Promise<void>;
}

/** `uploadAttempts`: an account's upload attempts per 10 minutes (no limit without it). */
export async function createTestPlatform(
  opts: { now?: Date; maxUploadBytes?: number; uploadAttempts?: number } = {},
): Promise<TestPlatform> {
  const database = await createTestDatabase();
  const prefix = `hbtest-${randomBytes(5).toString("hex")}`;
  const redis = createRedisConnection(TEST_REDIS_URL, "producer");
  const queue = createScoringQueue(redis, { prefix });
  const enqueued: string[] = [];
  let now: Date | undefined = opts.now;
  const ctx: PlatformContext = {
    db: database.db,
    redis,
    keyPrefix: prefix,
    maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    now: () => now ?? new Date(),
    ...(opts.uploadAttempts
      ? { uploadLimiter: createUploadLimiter(redis, { keyPrefix: prefix, attempts: opts.uploadAttempts, windowSeconds: 600 }) }
      : {}),
    scoringQueue: queue,
    async enqueueScoring(submissionId, enqueueOpts) {
      enqueued.push(submissionId);
      await enqueueScoring(queue, submissionId, { ...enqueueOpts, requestId: currentRequestId() });
    },
    async enqueueBoard(board) {
      await enqueueBoard(queue, board);
    },
    async enqueueMail(mail) {
      await enqueueMail(queue, mail);
    },
  };
  return {
    ctx,
    database,
    queue,
    prefix,
    redis,
    enqueued,
    setNow(date) {
      now = date;
    },
    async cleanup() {
      await queue.obliterate({ force: true }).catch(() => {});
      const keys = await redis.keys(`${prefix}:limit:*`);
      if (keys.length > 0) await redis.del(...keys);
      await queue.close();
      redis.disconnect();
      await database.drop();
    },
  };
}
