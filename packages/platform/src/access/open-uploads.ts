import type { Redis } from "ioredis";
import { AppError } from "../errors/app-error.ts";
import { type PlatformContext, platformContext } from "../context/platform-context.ts";

/** The most uploads one account may have in flight at once (received, checked, stored). */
export const MAX_OPEN_UPLOADS_PER_ACCOUNT = 2;
/** The most uploads one client address may have in flight at once, whichever accounts send them. */
export const MAX_OPEN_UPLOADS_PER_ADDRESS = 6;
// A slot outlives a crashed request by at most this long.
const SLOT_TTL_SECONDS = 15 * 60;

async function takeSlot(redis: Redis, key: string, max: number, who: string): Promise<() => Promise<void>> {
  const [[, open]] = (await redis.multi().incr(key).expire(key, SLOT_TTL_SECONDS).exec()) as [[null, number], unknown];
  const release = async () => {
    await redis.decr(key);
  };
  if (open > max) {
    await release();
    throw new AppError(
      "RATE_LIMITED",
      `expected at most ${max} uploads at a time from one ${who}, found another while ${max} are still being received or checked; try again when one has finished`,
      { retryAfterSeconds: 5 },
    );
  }
  return release;
}

/**
 * Takes one of the account's upload slots in Redis, and one of the client address's when it is
 * known, before the body is read; RATE_LIMITED (429) when all are taken. Returns the release, to
 * call once the upload is done either way. Without Redis (scripts that are not a web server) there
 * is no cap.
 */
export async function takeUploadSlot(
  redis: Redis | undefined,
  keyPrefix: string | undefined,
  userId: string,
  clientAddress?: string,
): Promise<() => Promise<void>> {
  if (!redis) return async () => undefined;
  const prefix = keyPrefix ?? "hierboard";
  const releaseAccount = await takeSlot(redis, `${prefix}:uploads-open:${userId}`, MAX_OPEN_UPLOADS_PER_ACCOUNT, "account");
  if (clientAddress === undefined) return releaseAccount;
  try {
    const releaseAddress = await takeSlot(
      redis,
      `${prefix}:uploads-open-address:${clientAddress}`,
      MAX_OPEN_UPLOADS_PER_ADDRESS,
      "address",
    );
    return async () => {
      await Promise.all([releaseAccount(), releaseAddress()]);
    };
  } catch (error) {
    await releaseAccount();
    throw error;
  }
}

/**
 * `takeUploadSlot` for upload routes that check access themselves (gold, task files): call after
 * the access check and before the body is read; call the result when the upload is done.
 */
export function holdUploadSlot(
  input: { userId: string; clientAddress?: string },
  ctx: PlatformContext = platformContext(),
): Promise<() => Promise<void>> {
  return takeUploadSlot(ctx.redis, ctx.keyPrefix, input.userId, input.clientAddress);
}
