import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { endSessions } from "./end-sessions.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const setUserRoleInput = z.object({
  actorId: z.string().min(1),
  email: z.email().transform((e) => e.toLowerCase()),
  role: z.enum(["ADMIN", "ORGANISER", "PARTICIPANT"]),
});

/** Admins grant and take away roles (e.g. make someone an organiser). */
export async function setUserRole(input: z.input<typeof setUserRoleInput>, ctx: PlatformContext = platformContext()): Promise<UserSummary> {
  const data = setUserRoleInput.parse(input);
  const actor = await requireUser(ctx.db, data.actorId);
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only admins can change roles.");
  return ctx.db.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { email: data.email } });
    if (!target) throw new AppError("NOT_FOUND", `No account with email ${data.email}.`);
    const user = await tx.user.update({ where: { id: target.id }, data: { role: data.role } });
    // A role change ends the account's sessions, so no cookie outlives the role it was issued under.
    if (target.role !== data.role) await endSessions({ userId: user.id }, { db: tx });
    await writeAudit(tx, {
      actorId: actor.id,
      action: "user.set-role",
      targetType: "user",
      targetId: user.id,
      details: { from: target.role, to: data.role },
    });
    return toUserSummary(user);
  });
}
