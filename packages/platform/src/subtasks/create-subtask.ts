import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { toSubtaskView, type SubtaskView } from "../tasks/task-views.ts";
import { checkGoldsStillParse, checkSubtaskTaxonomy } from "./check-subtask-fields.ts";
import { subtaskFields } from "./subtask-fields.ts";

export const createSubtaskInput = z.intersection(z.object({ userId: z.string().min(1), slug: z.string().min(1) }), subtaskFields);

/**
 * Adds a subtask. If a phase already has gold, the gold must parse under the subtask's taxonomy
 * cut and section; otherwise nothing is stored.
 */
export async function createSubtask(input: z.input<typeof createSubtaskInput>, ctx: PlatformContext = platformContext()): Promise<SubtaskView> {
  const { userId, slug, ...fields } = createSubtaskInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  await checkSubtaskTaxonomy(ctx.db, task.id, fields);
  try {
    const subtask = await ctx.db.subtask.create({ data: { ...fields, taskId: task.id } });
    try {
      await checkGoldsStillParse(ctx.db, task.id, subtask.id);
    } catch (error) {
      await ctx.db.subtask.delete({ where: { id: subtask.id } });
      throw error;
    }
    await writeAudit(ctx.db, { actorId: user.id, action: "subtask.create", targetType: "subtask", targetId: subtask.id, details: { key: subtask.key } });
    return toSubtaskView(subtask);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", `This task already has a subtask "${fields.key}".`);
    throw error;
  }
}
