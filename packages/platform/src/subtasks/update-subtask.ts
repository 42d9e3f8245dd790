import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { toSubtaskView, type SubtaskView } from "../tasks/task-views.ts";
import { checkSubtaskFields } from "./check-subtask-fields.ts";
import { subtaskFields, subtaskRow } from "./subtask-fields.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const updateSubtaskInput = z.intersection(
  z.object({ userId: z.string().min(1), slug: z.string().min(1), subtaskKey: z.string().min(1) }),
  subtaskFields,
);

/** Edits a subtask; refused (nothing changed) if a phase's gold would no longer parse. */
export async function updateSubtask(
  input: z.input<typeof updateSubtaskInput>,
  ctx: PlatformContext = platformContext(),
): Promise<SubtaskView> {
  const { userId, slug, subtaskKey, ...fields } = updateSubtaskInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  const existing = await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: subtaskKey } } });
  if (!existing) throw new AppError("NOT_FOUND", `No subtask "${subtaskKey}".`);
  await checkSubtaskFields(ctx.db, task.id, fields);
  try {
    const view = await ctx.db.$transaction(async (tx) => {
      const updated = await tx.subtask.update({ where: { id: existing.id }, data: subtaskRow(fields) });
      await writeAudit(tx, {
        actorId: user.id,
        action: "subtask.update",
        targetType: "subtask",
        targetId: updated.id,
        details: { before: { ...toSubtaskView(existing) }, after: { ...toSubtaskView(updated) } },
      });
      return toSubtaskView(updated);
    });
    await enqueueBoardJobs(ctx, { subtaskId: existing.id });
    return view;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a subtask "${fields.key}".`);
    throw error;
  }
}
