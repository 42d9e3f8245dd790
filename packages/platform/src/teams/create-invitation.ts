import { z } from "zod";
import { requireTask } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { newInviteCode } from "./invite-code.ts";

export const createInvitationInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  /** Days until the code expires; null = never. */
  expiresInDays: z.number().int().min(1).max(365).nullable().default(null),
});

/** A new invitation code for the user's team in the task. */
export async function createInvitation(
  input: z.input<typeof createInvitationInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ code: string; expiresAt: Date | null }> {
  const data = createInvitationInput.parse(input);
  const task = await requireTask(ctx.db, data.slug);
  const membership = await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: data.userId } } });
  if (!membership) throw new AppError("NOT_A_MEMBER", "Only team members can invite others.");
  const expiresAt = data.expiresInDays === null ? null : new Date(ctx.now().getTime() + data.expiresInDays * 86_400_000);
  return ctx.db.$transaction(async (tx) => {
    const invitation = await tx.invitation.create({
      data: { teamId: membership.teamId, code: newInviteCode(), createdById: data.userId, expiresAt },
    });
    await writeAudit(tx, { actorId: data.userId, action: "team.invite", targetType: "team", targetId: membership.teamId });
    return { code: invitation.code, expiresAt: invitation.expiresAt };
  });
}
