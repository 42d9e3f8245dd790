import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { descriptionsOpen, requireDescriptionsOpen } from "./descriptions-deadline.ts";
import { systemDescriptionUpdate, type SystemDescription } from "./system-description-fields.ts";

export const updateRunDescriptionInput = z.intersection(
  z.object({ userId: z.string().min(1), slug: z.string().min(1), submissionId: z.string().min(1) }),
  systemDescriptionUpdate,
);

/**
 * A member sets one of their team's runs' own system name, description and paper link (empty
 * fields fall back to the team's), until the run's phase's deadline for descriptions.
 */
export async function updateRunDescription(
  input: z.input<typeof updateRunDescriptionInput>,
  ctx: PlatformContext = platformContext(),
): Promise<SystemDescription> {
  const { userId, slug, submissionId, ...fields } = updateRunDescriptionInput.parse(input);
  const run = await ctx.db.submission.findFirst({
    where: { id: submissionId, phase: { task: { slug } } },
    select: { teamId: true, phase: { select: { taskId: true, name: true, descriptionsCloseAt: true } } },
  });
  const membership =
    run?.teamId != null
      ? await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: run.phase.taskId, userId } }, select: { teamId: true } })
      : null;
  // The same answer for a run that does not exist and another team's run.
  if (!run || !membership || membership.teamId !== run.teamId) throw new AppError("NOT_FOUND", `No run "${submissionId}" of your team.`);
  const open = descriptionsOpen(run.phase, ctx.now());
  requireDescriptionsOpen(`the phase "${run.phase.name}"`, { open, closesAt: run.phase.descriptionsCloseAt });
  return ctx.db.$transaction(async (tx) => {
    const saved = await tx.submission.update({
      where: { id: submissionId },
      data: fields,
      select: { systemName: true, systemDescription: true, paperUrl: true },
    });
    await writeAudit(tx, {
      actorId: userId,
      action: "submission.describe",
      targetType: "submission",
      targetId: submissionId,
      details: saved,
    });
    return saved;
  });
}
