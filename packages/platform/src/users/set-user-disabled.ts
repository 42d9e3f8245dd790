import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { requireAdmin } from "./require-admin.ts";

export const setUserDisabledInput = z.object({
  actorId: z.string().min(1),
  userId: z.string().min(1),
  disabled: z.boolean(),
});

/**
 * An admin disables (or re-enables) an account. Disabling bumps the session version, which ends
 * every session of the user at its next request; API tokens of a disabled account stop working.
 */
export async function setUserDisabled(
  input: z.input<typeof setUserDisabledInput>,
  ctx: PlatformContext = platformContext(),
): Promise<void> {
  const data = setUserDisabledInput.parse(input);
  const admin = await requireAdmin(ctx.db, data.actorId);
  if (data.disabled && admin.id === data.userId) throw new AppError("CONFLICT", "You cannot disable your own account.");
  await ctx.db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: data.userId } });
    if (!user) throw new AppError("NOT_FOUND", "No such account.");
    await tx.user.update({
      where: { id: user.id },
      data: data.disabled ? { disabledAt: user.disabledAt ?? ctx.now(), sessionVersion: { increment: 1 } } : { disabledAt: null },
    });
    await writeAudit(tx, {
      actorId: admin.id,
      action: data.disabled ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: user.id,
      details: { before: { disabled: user.disabledAt !== null }, after: { disabled: data.disabled } },
    });
  });
}
