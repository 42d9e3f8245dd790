import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "../errors/app-error.ts";

/** Upload attempts per account: `attempts` in any window of `windowSeconds`, kept in Redis. */
export function createUploadLimiter(
  redis: Redis,
  opts: { keyPrefix: string; attempts: number; windowSeconds: number },
): RateLimiterAbstract {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${opts.keyPrefix}:upload-attempts`,
    points: opts.attempts,
    duration: opts.windowSeconds,
  });
}

/**
 * Counts one upload attempt of an account, before any work on the file, so refused files count
 * too. Over the limit: RATE_LIMITED (429) with `retryAfterSeconds`, which the web app sends as
 * `Retry-After`.
 */
export async function consumeUploadAttempt(limiter: RateLimiterAbstract | undefined, userId: string): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(userId);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `Too many uploads from this account: ${limiter.points} attempts per ${limiter.duration} s, refused ones included. Try again in ${retryAfterSeconds} s.`,
      {
        retryAfterSeconds,
        limit: limiter.points,
        windowSeconds: limiter.duration,
      },
    );
  }
}
