import { z } from "zod";
import { lockRow } from "../access/lock-row.ts";
import { requireTask, requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export const selectFinalRunsInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  phaseKey: z.string().min(1),
  subtaskKey: z.string().min(1),
  submissionIds: z.array(z.string().min(1)).max(100),
});

/**
 * A team member picks the runs that count in a phase with "up to N selected runs count": until the
 * phase's deadline, at most N of the team's own valid (not failed, not invalidated) runs of that
 * phase and subtask. The new selection replaces the old one; an empty one means "the best N".
 */
export async function selectFinalRuns(
  input: z.input<typeof selectFinalRunsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ selected: string[] }> {
  const data = selectFinalRunsInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const task = await requireTask(ctx.db, data.slug);
  const [phase, subtask, membership] = await Promise.all([
    ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } }),
    ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } } }),
    ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: user.id } } }),
  ]);
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  if (!subtask) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}".`);
  if (!membership) throw new AppError("NOT_A_MEMBER", "Only a team's members choose its final runs.");
  if (phase.finalRuns === null)
    throw new AppError(
      "CONFLICT",
      `In "${phase.name}" the ${phase.rule === "BEST" ? "best" : "last"} run counts; there is nothing to select.`,
    );
  const now = ctx.now();
  if (now >= phase.endsAt)
    throw new AppError("PHASE_CLOSED", `The selection of final runs closed with the phase at ${phase.endsAt.toISOString()} (UTC).`);
  const ids = [...new Set(data.submissionIds)];
  if (ids.length > phase.finalRuns) {
    throw new AppError("INVALID_INPUT", `Select at most ${phase.finalRuns} run${phase.finalRuns === 1 ? "" : "s"}; got ${ids.length}.`, {
      field: "submissionIds",
    });
  }
  return ctx.db.$transaction(async (tx) => {
    await lockRow(tx, "Team", membership.teamId);
    const scope = { teamId: membership.teamId, phaseId: phase.id, subtaskId: subtask.id };
    const valid = await tx.submission.findMany({
      where: { ...scope, id: { in: ids }, status: { not: "FAILED" }, invalidatedAt: null },
      select: { id: true },
    });
    const unknown = ids.filter((id) => !valid.some((v) => v.id === id));
    if (unknown.length > 0) {
      throw new AppError(
        "INVALID_INPUT",
        `Expected your team's valid runs of ${phase.name} / ${subtask.name}; not one of them: ${unknown.join(", ")}.`,
        { field: "submissionIds" },
      );
    }
    await tx.submission.updateMany({ where: { ...scope, selectedAt: { not: null }, id: { notIn: ids } }, data: { selectedAt: null } });
    await tx.submission.updateMany({ where: { ...scope, id: { in: ids }, selectedAt: null }, data: { selectedAt: now } });
    // The board's cache key follows the phase's updatedAt.
    await tx.phase.update({ where: { id: phase.id }, data: { updatedAt: now } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "submission.select-final-runs",
      targetType: "team",
      targetId: membership.teamId,
      details: { phase: phase.key, subtask: subtask.key, after: { selected: ids } },
    });
    return { selected: ids };
  });
}
