import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { toSubtaskView, type SubtaskView } from "../tasks/task-views.ts";
import { checkGoldsStillParse, checkSubtaskTaxonomy } from "./check-subtask-fields.ts";
import { subtaskFields } from "./subtask-fields.ts";

export const updateSubtaskInput = z.intersection(
  z.object({ userId: z.string().min(1), slug: z.string().min(1), subtaskKey: z.string().min(1) }),
  subtaskFields,
);

/** Edits a subtask in one transaction that is rolled back if a phase's gold no longer parses. */
export async function updateSubtask(input: z.input<typeof updateSubtaskInput>, ctx: PlatformContext = platformContext()): Promise<SubtaskView> {
  const { userId, slug, subtaskKey, ...fields } = updateSubtaskInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  const existing = await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: subtaskKey } } });
  if (!existing) throw new AppError("NOT_FOUND", `No subtask "${subtaskKey}".`);
  await checkSubtaskTaxonomy(ctx.db, task.id, fields);
  const before = toSubtaskView(existing);
  try {
    const updated = await ctx.db.subtask.update({ where: { id: existing.id }, data: fields });
    try {
      await checkGoldsStillParse(ctx.db, task.id, updated.id);
    } catch (error) {
      const { id: _id, taskId: _taskId, createdAt: _c, updatedAt: _u, ...restore } = existing;
      await ctx.db.subtask.update({ where: { id: existing.id }, data: restore });
      throw error;
    }
    await writeAudit(ctx.db, {
      actorId: user.id,
      action: "subtask.update",
      targetType: "subtask",
      targetId: updated.id,
      details: { before: { ...before }, after: { ...toSubtaskView(updated) } },
    });
    return toSubtaskView(updated);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", `This task already has a subtask "${fields.key}".`);
    throw error;
  }
}
