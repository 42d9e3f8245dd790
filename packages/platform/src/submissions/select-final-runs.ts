import { z } from "zod";
import { requireTask, requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { requireSelectionOpen, writeFinalRunSelection, type FinalRunSelection } from "./write-final-run-selection.ts";

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
): Promise<FinalRunSelection> {
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
  const finalRuns = requireSelectionOpen(phase, ctx.now());
  const ids = [...new Set(data.submissionIds)];
  if (ids.length > finalRuns) {
    throw new AppError("INVALID_INPUT", `Select at most ${finalRuns} run${finalRuns === 1 ? "" : "s"}; got ${ids.length}.`, {
      field: "submissionIds",
    });
  }
  return writeFinalRunSelection(ctx, { userId: user.id, teamId: membership.teamId, phase, subtask }, () => ids);
}
