import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { accountLinkRefusal } from "../mail/account-links.ts";

/**
 * Whether a password reset link can still be used, for the reset page to say so before a new
 * password is typed: null if it can, else the refusal's message and reason (unknown, used, expired).
 */
export async function checkResetLink(
  input: { token: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ reason: string; message: string } | null> {
  const { refusal } = await accountLinkRefusal(ctx.db, input.token.trim().slice(0, 200), "PASSWORD_RESET", ctx.now());
  return refusal && { reason: (refusal.details as { reason: string }).reason, message: refusal.message };
}
