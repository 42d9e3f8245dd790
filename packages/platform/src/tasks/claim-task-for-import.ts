import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { createTask, createTaskInput } from "./create-task.ts";

export const claimTaskForImportInput = createTaskInput.extend({
  /** Take over a task someone else owns: admins only; the importer becomes its only owner. */
  forceOwner: z.boolean().default(false),
});

/**
 * The task an import writes into: created when the slug is free, reused when the importer
 * already owns it. A task owned only by others is refused (CONFLICT), so whoever squatted the slug
 * never becomes a co-organiser of the import; with `forceOwner`, an admin takes it over and the
 * earlier owners are removed (audited with their ids). Being an admin alone is not ownership.
 */
export async function claimTaskForImport(
  input: z.input<typeof claimTaskForImportInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; slug: string; created: boolean }> {
  const { forceOwner, ...data } = claimTaskForImportInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const task = await ctx.db.task.findUnique({ where: { slug: data.slug }, include: { owners: { select: { userId: true } } } });
  if (!task) return { ...(await createTask(data, ctx)), created: true };
  const others = task.owners.map((o) => o.userId).filter((id) => id !== user.id);
  if (others.length < task.owners.length) return { id: task.id, slug: task.slug, created: false };
  if (!forceOwner) {
    throw new AppError(
      "CONFLICT",
      `The slug "${data.slug}" belongs to a task owned by someone else; choose another slug, or take it over with --force-owner (admins only).`,
    );
  }
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only an admin can take over a task with --force-owner.");
  await ctx.db.$transaction(async (tx) => {
    await tx.taskOwner.deleteMany({ where: { taskId: task.id } });
    await tx.taskOwner.create({ data: { taskId: task.id, userId: user.id } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "task.force-owner",
      targetType: "task",
      targetId: task.id,
      details: { removedOwners: others },
    });
  });
  return { id: task.id, slug: task.slug, created: false };
}
