import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { assertNotLocked, clearAttempts, recordAttempt, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_IP } from "../security/attempt-limits.ts";
import { checkPassword, dummyPasswordHash, hashPassword } from "./password.ts";
import type { UserSummary } from "./user-summary.ts";
import { toUserSummary } from "./user-summary.ts";

export const verifyCredentialsInput = z.object({
  email: z.string().transform((e) => e.trim().toLowerCase()),
  password: z.string(),
  /** The client's network address, for the per-address limit; omitted by trusted callers (scripts). */
  ip: z.string().min(1).optional(),
});

/** A signed-in user with the session version to put in the session cookie. */
export type VerifiedUser = UserSummary & { sessionVersion: number };

/**
 * The user whose email and password match, or null (no hint which of the two was wrong).
 * Failures are counted per account and per address in Redis; once either budget is used up every
 * attempt, right or wrong, is TOO_MANY_ATTEMPTS (429) saying when to try again. An unknown email
 * is checked against a dummy Argon2id hash so it takes as long as a known one. A matching legacy
 * bcrypt hash is replaced by an Argon2id hash.
 */
export async function verifyCredentials(
  input: z.input<typeof verifyCredentialsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<VerifiedUser | null> {
  const { email, password, ip } = verifyCredentialsInput.parse(input);
  await assertNotLocked(SIGN_IN_PER_ACCOUNT, email, ctx);
  if (ip) await assertNotLocked(SIGN_IN_PER_IP, ip, ctx);
  const user = await ctx.db.user.findUnique({ where: { email } });
  const check = await checkPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !check.ok) {
    await recordAttempt(SIGN_IN_PER_ACCOUNT, email, ctx);
    if (ip) await recordAttempt(SIGN_IN_PER_IP, ip, ctx);
    return null;
  }
  await clearAttempts(SIGN_IN_PER_ACCOUNT, email, ctx);
  if (user.disabledAt !== null) return null;
  if (check.needsUpgrade) {
    // Only if the hash is still the one just checked, so a concurrent password change wins.
    await ctx.db.user.updateMany({
      where: { id: user.id, passwordHash: user.passwordHash },
      data: { passwordHash: await hashPassword(password) },
    });
  }
  return { ...toUserSummary(user), sessionVersion: user.sessionVersion };
}
