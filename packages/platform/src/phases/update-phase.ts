import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { phaseWithGold, toPhaseView, type PhaseView } from "../tasks/task-views.ts";
import { guardSplitChange } from "../gold-split/guard-split-change.ts";
import { newSplitKey } from "../gold-split/split-key.ts";
import { guardPhaseEnd } from "./move-phase-end.ts";
import { phaseAuditFields, phaseFields } from "./phase-fields.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const updatePhaseInput = z.intersection(
  z.object({
    userId: z.string().min(1),
    slug: z.string().min(1),
    phaseKey: z.string().min(1),
    // The organiser's explicit "and invalidate N later submissions" (see guardPhaseEnd).
    invalidateLater: z.number().int().min(1).optional(),
  }),
  phaseFields,
);

export async function updatePhase(input: z.input<typeof updatePhaseInput>, ctx: PlatformContext = platformContext()): Promise<PhaseView> {
  const { userId, slug, phaseKey, invalidateLater, ...fields } = updatePhaseInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
      const existing = await tx.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: phaseKey } } });
      if (!existing) throw new AppError("NOT_FOUND", `No phase "${phaseKey}".`);
      const invalidated = await guardPhaseEnd(tx, existing, fields.endsAt, invalidateLater, ctx.now());
      await guardSplitChange(tx, existing, fields.publicFraction);
      const phase = await tx.phase.update({
        where: { id: existing.id },
        data: { ...fields, ...(existing.splitKey === null ? { splitKey: newSplitKey() } : {}) },
        include: phaseWithGold,
      });
      await writeAudit(tx, {
        actorId: user.id,
        action: "phase.update",
        targetType: "phase",
        targetId: phase.id,
        details: {
          before: phaseAuditFields(existing),
          after: phaseAuditFields(phase),
          ...(invalidated > 0 ? { invalidatedSubmissions: invalidated } : {}),
        },
      });
      return { id: phase.id, view: toPhaseView(phase) };
    });
    await enqueueBoardJobs(ctx, { phaseId: updated.id });
    return updated.view;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a phase "${fields.key}".`);
    throw error;
  }
}
