import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { endSessions } from "./end-sessions.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const grantRoleInput = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  role: z.enum(["ADMIN", "ORGANISER", "PARTICIPANT"]),
});

/**
 * Sets a role without an acting admin: for operators with shell access (the first admin of a
 * fresh installation), never for web requests. Audited with no actor.
 */
export async function grantRole(input: z.input<typeof grantRoleInput>, ctx: PlatformContext = platformContext()): Promise<UserSummary> {
  const data = grantRoleInput.parse(input);
  return ctx.db.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { email: data.email } });
    if (!target) throw new AppError("NOT_FOUND", `No account with email ${data.email}; sign up first.`);
    const user = await tx.user.update({ where: { id: target.id }, data: { role: data.role } });
    // A role change ends the account's sessions, so no cookie outlives the role it was issued under.
    if (target.role !== data.role) await endSessions({ userId: user.id }, { db: tx });
    await writeAudit(tx, {
      actorId: null,
      action: "user.grant-role",
      targetType: "user",
      targetId: user.id,
      details: { from: target.role, to: data.role, via: "cli" },
    });
    return toUserSummary(user);
  });
}
