import { z } from "zod";
import { requireTask } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { requireDescriptionsOpen, teamDescriptionsDeadline } from "./descriptions-deadline.ts";
import { systemDescriptionUpdate, type SystemDescription } from "./system-description-fields.ts";

export const updateTeamDescriptionInput = z.intersection(
  z.object({ userId: z.string().min(1), slug: z.string().min(1) }),
  systemDescriptionUpdate,
);

/**
 * A member sets their team's system name, description and paper link (shown on the team's public
 * page and in the overview paper's tables), until the organisers' last deadline for descriptions.
 */
export async function updateTeamDescription(
  input: z.input<typeof updateTeamDescriptionInput>,
  ctx: PlatformContext = platformContext(),
): Promise<SystemDescription> {
  const { userId, slug, ...fields } = updateTeamDescriptionInput.parse(input);
  const task = await requireTask(ctx.db, slug);
  const [membership, phases] = await Promise.all([
    ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId } }, select: { teamId: true } }),
    ctx.db.phase.findMany({ where: { taskId: task.id, archivedAt: null }, select: { name: true, descriptionsCloseAt: true } }),
  ]);
  if (!membership)
    throw new AppError("NOT_A_MEMBER", "Only a member of a team can describe its system; expected a team of yours in this task.");
  requireDescriptionsOpen("this task", teamDescriptionsDeadline(phases, ctx.now()));
  return ctx.db.$transaction(async (tx) => {
    const team = await tx.team.update({
      where: { id: membership.teamId },
      data: fields,
      select: { systemName: true, systemDescription: true, paperUrl: true },
    });
    await writeAudit(tx, { actorId: userId, action: "team.describe", targetType: "team", targetId: membership.teamId, details: team });
    return team;
  });
}
