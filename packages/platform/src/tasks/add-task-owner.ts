import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export const addTaskOwnerInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  email: z.email().transform((e) => e.toLowerCase()),
});

/** An organiser of a task adds another organiser (an ORGANISER or ADMIN account) as co-owner. */
export async function addTaskOwner(input: z.input<typeof addTaskOwnerInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = addTaskOwnerInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const owner = await ctx.db.user.findUnique({ where: { email: data.email } });
  if (!owner) throw new AppError("NOT_FOUND", `No account with email ${data.email}.`);
  if (owner.role === "PARTICIPANT") throw new AppError("CONFLICT", `${data.email} is not an organiser account.`);
  await ctx.db.$transaction(async (tx) => {
    await tx.taskOwner.upsert({
      where: { taskId_userId: { taskId: task.id, userId: owner.id } },
      update: {},
      create: { taskId: task.id, userId: owner.id },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "task.add-owner",
      targetType: "task",
      targetId: task.id,
      details: { ownerId: owner.id },
    });
  });
}
