import { requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { assertNotLocked, CONFIRM_MAIL_PER_ACCOUNT, recordAttempt } from "../security/attempt-limits.ts";

/**
 * Mails the account a (new) link to confirm its address, through the queue; nothing when it is
 * confirmed already. At most 5 an hour per account (TOO_MANY_ATTEMPTS, 429).
 */
export async function requestAddressConfirmation(
  input: { userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ sent: boolean }> {
  const user = await requireUser(ctx.db, input.userId);
  if (user.emailVerifiedAt) return { sent: false };
  await assertNotLocked(CONFIRM_MAIL_PER_ACCOUNT, user.id, ctx);
  const lock = await recordAttempt(CONFIRM_MAIL_PER_ACCOUNT, user.id, ctx);
  if (lock) throw lock;
  if (!ctx.enqueueMail)
    throw new Error("an address confirmation needs the mail queue in the platform context (PlatformContext.enqueueMail)");
  await ctx.enqueueMail({ kind: "verify-address", userId: user.id });
  return { sent: true };
}
