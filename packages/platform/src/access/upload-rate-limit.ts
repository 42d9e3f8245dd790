import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "../errors/app-error.ts";
import { consumeAttempt, createLimiter, retryAfterSeconds } from "../security/rate-limiter.ts";

/** Upload attempts per account: `attempts` in any window of `windowSeconds`, kept in Redis. */
export function createUploadLimiter(
  redis: Redis,
  opts: { keyPrefix: string; attempts: number; windowSeconds: number },
): RateLimiterAbstract {
  return createLimiter(redis, { keyPrefix: `${opts.keyPrefix}:upload-attempts`, points: opts.attempts, windowSeconds: opts.windowSeconds });
}

/**
 * Counts one upload attempt of an account, before any work on the file, so refused files count
 * too. Over the limit: RATE_LIMITED (429) with `retryAfterSeconds`, which the web app sends as
 * `Retry-After`.
 */
export async function consumeUploadAttempt(limiter: RateLimiterAbstract | undefined, userId: string): Promise<void> {
  if (!limiter) return;
  const refused = await consumeAttempt(limiter, userId);
  if (!refused) return;
  const retryAfter = retryAfterSeconds(refused.msBeforeNext);
  throw new AppError(
    "RATE_LIMITED",
    `Too many uploads from this account: ${limiter.points} attempts per ${limiter.duration} s, refused ones included. Try again in ${retryAfter} s.`,
    { retryAfterSeconds: retryAfter, limit: limiter.points, windowSeconds: limiter.duration },
  );
}
