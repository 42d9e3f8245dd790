import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { useAccountLink } from "../mail/account-links.ts";
import { endSessions } from "./end-sessions.ts";
import { hashPassword } from "./password.ts";
import { checkPasswordStrength } from "./password-strength.ts";

export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, "Expected the secret of a reset link, found nothing.").max(200),
  newPassword: z.string(),
});

/**
 * Sets a new password through a mailed reset link (single use, one hour). A weak password is
 * refused before the link is spent. A completed reset ends every session and revokes every API
 * token of the account (whoever knew the old password may have made one), spends every other
 * reset link of it, and counts as a confirmed address (the link came through it).
 */
export async function resetPassword(input: z.input<typeof resetPasswordInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = resetPasswordInput.parse(input);
  const now = ctx.now();
  await ctx.db.$transaction(async (tx) => {
    const { userId } = await useAccountLink(tx, data.token, "PASSWORD_RESET", now);
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    checkPasswordStrength(data.newPassword, [user.email, user.name]);
    const passwordHash = await hashPassword(data.newPassword);
    await tx.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now } });
    await tx.accountLink.updateMany({ where: { userId, purpose: "PASSWORD_RESET", usedAt: null }, data: { usedAt: now } });
    await endSessions({ userId }, { db: tx });
    await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await writeAudit(tx, { actorId: userId, action: "user.reset-password", targetType: "user", targetId: userId });
  });
}
