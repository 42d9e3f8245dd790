import type { RateLimiterRedis } from "rate-limiter-flexible";
import type { PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { consumeAttempt, createLimiter, retryAfterSeconds } from "./rate-limiter.ts";

/** A budget of failures per key: `points` within `windowSeconds`, then a lock of `lockSeconds`. */
export interface AttemptRule {
  name: string;
  /** What is being limited, for the message ("failed sign-ins for this account"). */
  what: string;
  points: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const SIGN_IN_PER_ACCOUNT: AttemptRule = {
  name: "signin-account",
  what: "failed sign-ins for this account",
  points: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};
export const SIGN_IN_PER_IP: AttemptRule = {
  name: "signin-ip",
  what: "failed sign-ins from your network address",
  points: 50,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};
export const SIGN_UP_PER_IP: AttemptRule = {
  name: "signup-ip",
  what: "sign-ups from your network address",
  points: 5,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};

/** Wrong invitation codes: a code is about 40 bits, and these keep guessing far slower than a request a second. */
export const INVITE_GUESS_PER_ACCOUNT: AttemptRule = {
  name: "invite-account",
  what: "wrong invitation codes from this account",
  points: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};
export const INVITE_GUESS_PER_IP: AttemptRule = {
  name: "invite-ip",
  what: "wrong invitation codes from your network address",
  points: 30,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};

/** The rule's budget; the sign-up budget per address can be set by the deployment (`HIERBOARD_SIGNUPS_PER_ADDRESS`). */
function budgetOf(rule: AttemptRule, ctx: PlatformContext): number {
  return rule === SIGN_UP_PER_IP ? (ctx.signUpsPerAddress ?? rule.points) : rule.points;
}

const limiters = new WeakMap<object, Map<string, RateLimiterRedis>>();

function limiterFor(rule: AttemptRule, ctx: PlatformContext): RateLimiterRedis {
  if (!ctx.redis) throw new Error(`the ${rule.name} limit needs a Redis connection in the platform context (PlatformContext.redis)`);
  let byRule = limiters.get(ctx.redis);
  if (!byRule) limiters.set(ctx.redis, (byRule = new Map()));
  const points = budgetOf(rule, ctx);
  const id = `${ctx.keyPrefix ?? "hierboard"}:${rule.name}:${points}`;
  let limiter = byRule.get(id);
  if (!limiter) {
    limiter = createLimiter(ctx.redis, {
      keyPrefix: `${ctx.keyPrefix ?? "hierboard"}:limit:${rule.name}`,
      points,
      windowSeconds: rule.windowSeconds,
      lockSeconds: rule.lockSeconds,
    });
    byRule.set(id, limiter);
  }
  return limiter;
}

function lockedError(rule: AttemptRule, msBeforeNext: number, ctx: PlatformContext): AppError {
  const retryAfter = retryAfterSeconds(msBeforeNext);
  const until = new Date(ctx.now().getTime() + retryAfter * 1000);
  const minutes = Math.ceil(retryAfter / 60);
  const at = until.toISOString().slice(11, 16);
  return new AppError(
    "TOO_MANY_ATTEMPTS",
    `Too many ${rule.what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"} (after ${at} UTC).`,
    { retryAfterSeconds: retryAfter, retryAt: until.toISOString(), limit: rule.name },
  );
}

/** TOO_MANY_ATTEMPTS (429, with when to retry) while `key` has used up its budget under `rule`. */
export async function assertNotLocked(rule: AttemptRule, key: string, ctx: PlatformContext): Promise<void> {
  const state = await limiterFor(rule, ctx).get(key);
  if (state && state.consumedPoints >= budgetOf(rule, ctx)) throw lockedError(rule, state.msBeforeNext, ctx);
}

/**
 * Counts one attempt against `key`. Returns the lock error when this attempt used up the budget
 * (the caller decides whether to throw it now or on the next try).
 */
export async function recordAttempt(rule: AttemptRule, key: string, ctx: PlatformContext): Promise<AppError | null> {
  const refused = await consumeAttempt(limiterFor(rule, ctx), key);
  return refused && lockedError(rule, refused.msBeforeNext, ctx);
}

/** Forgets `key`'s attempts (after a successful sign-in). */
export async function clearAttempts(rule: AttemptRule, key: string, ctx: PlatformContext): Promise<void> {
  await limiterFor(rule, ctx).delete(key);
}

export const RESET_PER_ADDRESS: AttemptRule = {
  name: "reset-address",
  what: "password reset requests for this address",
  points: 3,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};
export const RESET_PER_IP: AttemptRule = {
  name: "reset-ip",
  what: "password reset requests from your network address",
  points: 20,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};
export const CONFIRM_MAIL_PER_ACCOUNT: AttemptRule = {
  name: "confirm-mail-account",
  what: "confirmation mails for this account",
  points: 5,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};
