// The platform's one rate limiter: a budget of `points` per key within `windowSeconds` (then,
// optionally, a lock of `lockSeconds`), counted in Redis by rate-limiter-flexible. Two
// configurations use it, each with its own error: uploads per account (RATE_LIMITED,
// access/upload-rate-limit.ts) and failed sign-ins / sign-ups (TOO_MANY_ATTEMPTS,
// security/attempt-limits.ts).
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export interface LimiterOptions {
  /** Redis key prefix of this limiter's counters. */
  keyPrefix: string;
  points: number;
  windowSeconds: number;
  /** Once the budget is used up, refuse for this long (default: until the window ends). */
  lockSeconds?: number;
}

export function createLimiter(redis: Redis, opts: LimiterOptions): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: opts.keyPrefix,
    points: opts.points,
    duration: opts.windowSeconds,
    ...(opts.lockSeconds === undefined ? {} : { blockDuration: opts.lockSeconds }),
  });
}

/** Whole seconds until the next try may pass (at least 1). */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/**
 * Counts one attempt against `key`. Returns null while within budget, else the refusal's
 * `msBeforeNext`; any other failure (Redis down) is thrown.
 */
export async function consumeAttempt(limiter: RateLimiterAbstract, key: string): Promise<{ msBeforeNext: number } | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { msBeforeNext: rejection.msBeforeNext };
    throw rejection;
  }
}
