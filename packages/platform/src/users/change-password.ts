import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { endSessions } from "./end-sessions.ts";
import { checkPassword, hashPassword } from "./password.ts";
import { checkPasswordStrength } from "./password-strength.ts";

export const changePasswordInput = z.object({
  userId: z.string().min(1),
  currentPassword: z.string(),
  newPassword: z.string(),
});

/**
 * Sets a new password (strength-checked, Argon2id) after checking the current one, and ends every
 * session of the account, this one included, and every API token of it (a password is changed
 * when it may be known to someone else, who could have made a token): the caller signs in again
 * with the new password and makes new tokens.
 */
export async function changePassword(input: z.input<typeof changePasswordInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = changePasswordInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  if (!(await checkPassword(data.currentPassword, user.passwordHash)).ok) {
    throw new AppError("FORBIDDEN", "The current password is not right.");
  }
  checkPasswordStrength(data.newPassword, [user.email, user.name]);
  const passwordHash = await hashPassword(data.newPassword);
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await endSessions({ userId: user.id }, { db: tx });
    await tx.apiToken.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: ctx.now() } });
    await writeAudit(tx, { actorId: user.id, action: "user.change-password", targetType: "user", targetId: user.id });
  });
}
