import type { Redis } from "ioredis";
import { AppError } from "../errors/app-error.ts";

/** The most uploads one account may have in flight at once (received, checked, stored). */
export const MAX_OPEN_UPLOADS_PER_ACCOUNT = 2;
// A slot outlives a crashed request by at most this long.
const SLOT_TTL_SECONDS = 15 * 60;

/**
 * Takes one of the account's upload slots in Redis, before the body is read; RATE_LIMITED (429)
 * when all are taken. Returns the release, to call once the upload is done either way. Without
 * Redis (scripts that are not a web server) there is no cap.
 */
export async function takeUploadSlot(
  redis: Redis | undefined,
  keyPrefix: string | undefined,
  userId: string,
): Promise<() => Promise<void>> {
  if (!redis) return async () => undefined;
  const key = `${keyPrefix ?? "hierboard"}:uploads-open:${userId}`;
  const [[, open]] = (await redis.multi().incr(key).expire(key, SLOT_TTL_SECONDS).exec()) as [[null, number], unknown];
  const release = async () => {
    await redis.decr(key);
  };
  if (open > MAX_OPEN_UPLOADS_PER_ACCOUNT) {
    await release();
    throw new AppError(
      "RATE_LIMITED",
      `expected at most ${MAX_OPEN_UPLOADS_PER_ACCOUNT} uploads at a time from one account, found another while ${MAX_OPEN_UPLOADS_PER_ACCOUNT} are still being received or checked; try again when one has finished`,
      { retryAfterSeconds: 5 },
    );
  }
  return release;
}
