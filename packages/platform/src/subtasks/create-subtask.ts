import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { toSubtaskView, type SubtaskView } from "../tasks/task-views.ts";
import { checkSubtaskFields } from "./check-subtask-fields.ts";
import { subtaskFields, subtaskRow } from "./subtask-fields.ts";

export const createSubtaskInput = z.intersection(z.object({ userId: z.string().min(1), slug: z.string().min(1) }), subtaskFields);

/** Adds a subtask. If a phase already has gold, the gold must parse under the subtask's cut and section. */
export async function createSubtask(
  input: z.input<typeof createSubtaskInput>,
  ctx: PlatformContext = platformContext(),
): Promise<SubtaskView> {
  const { userId, slug, ...fields } = createSubtaskInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  await checkSubtaskFields(ctx.db, task.id, fields);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const subtask = await tx.subtask.create({ data: { ...subtaskRow(fields), taskId: task.id } });
      await writeAudit(tx, {
        actorId: user.id,
        action: "subtask.create",
        targetType: "subtask",
        targetId: subtask.id,
        details: { key: subtask.key },
      });
      return toSubtaskView(subtask);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a subtask "${fields.key}".`);
    throw error;
  }
}
