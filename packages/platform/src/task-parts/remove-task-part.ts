import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export const removeTaskPartInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  part: z.enum(["subtask", "phase"]),
  key: z.string().min(1),
  /** The part's key, typed again by the organiser: the confirmation that names what goes. */
  confirmKey: z.string(),
});

type RemoveTaskPartInput = z.input<typeof removeTaskPartInput>;

async function findPart(input: RemoveTaskPartInput, ctx: PlatformContext) {
  const data = removeTaskPartInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const where = { taskId_key: { taskId: task.id, key: data.key } };
  const part =
    data.part === "subtask"
      ? await ctx.db.subtask.findUnique({ where, select: { id: true, name: true, archivedAt: true } })
      : await ctx.db.phase.findUnique({ where, select: { id: true, name: true, archivedAt: true } });
  if (!part) throw new AppError("NOT_FOUND", `No ${data.part} "${data.key}".`);
  if (data.confirmKey !== data.key)
    throw new AppError(
      "INVALID_INPUT",
      `To confirm, type the ${data.part}'s key "${data.key}" (${part.name}); got "${data.confirmKey}". Nothing was changed.`,
    );
  const ofPart = data.part === "subtask" ? { subtaskId: part.id } : { phaseId: part.id };
  const submissions = await ctx.db.submission.count({ where: ofPart });
  return { data, user, task, part, submissions };
}

/**
 * Deletes a subtask or phase made by mistake: only one without submissions (any, baselines
 * included), after the organiser typed its key. Its gold versions (a phase's) go with it; the
 * task's audit log keeps the deletion with the part's key and name.
 */
export async function deleteTaskPart(input: RemoveTaskPartInput, ctx: PlatformContext = platformContext()): Promise<void> {
  const { data, user, task, part, submissions } = await findPart(input, ctx);
  if (submissions > 0)
    throw new AppError(
      "CONFLICT",
      `The ${data.part} "${data.key}" has ${submissions} submission${submissions === 1 ? "" : "s"}, so it cannot be deleted; archive it instead.`,
    );
  await ctx.db.$transaction(async (tx) => {
    if (data.part === "subtask") await tx.subtask.delete({ where: { id: part.id } });
    else await tx.phase.delete({ where: { id: part.id } });
    await writeAudit(tx, {
      actorId: user.id,
      action: `${data.part}.delete`,
      // On the task: the part's own entries go with it, the task's audit log keeps this one.
      targetType: "task",
      targetId: task.id,
      details: { key: data.key, name: part.name },
    });
  });
}

/**
 * Archives a subtask or phase that has submissions: hidden from the board, the Data tab and new
 * submissions; its submissions and scores stay, and the bundle keeps it with its `archivedAt`.
 */
export async function archiveTaskPart(input: RemoveTaskPartInput, ctx: PlatformContext = platformContext()): Promise<void> {
  const { data, user, part, submissions } = await findPart(input, ctx);
  if (part.archivedAt) throw new AppError("CONFLICT", `The ${data.part} "${data.key}" is archived already.`);
  const archivedAt = ctx.now();
  await ctx.db.$transaction(async (tx) => {
    if (data.part === "subtask") await tx.subtask.update({ where: { id: part.id }, data: { archivedAt } });
    else await tx.phase.update({ where: { id: part.id }, data: { archivedAt } });
    await writeAudit(tx, {
      actorId: user.id,
      action: `${data.part}.archive`,
      targetType: data.part,
      targetId: part.id,
      details: { key: data.key, name: part.name, submissions },
    });
  });
}
