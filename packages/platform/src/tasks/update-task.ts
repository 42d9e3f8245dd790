import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { descriptionSchema, titleSchema } from "./task-fields.ts";

export const updateTaskInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  title: titleSchema,
  description: descriptionSchema,
});

export async function updateTask(input: z.input<typeof updateTaskInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = updateTaskInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  await ctx.db.$transaction(async (tx) => {
    await tx.task.update({ where: { id: task.id }, data: { title: data.title, description: data.description } });
    await writeAudit(tx, { actorId: user.id, action: "task.update", targetType: "task", targetId: task.id });
  });
}
