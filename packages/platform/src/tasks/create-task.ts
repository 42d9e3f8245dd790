import { z } from "zod";
import { requireTaskCreator } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { newPreviewToken } from "./preview-token.ts";
import { descriptionSchema, slugSchema, titleSchema } from "./task-fields.ts";

export const createTaskInput = z.object({
  userId: z.string().min(1),
  slug: slugSchema,
  title: titleSchema,
  description: descriptionSchema,
});

/** Organisers and admins create tasks, as drafts; the creator becomes the first owner. */
export async function createTask(
  input: z.input<typeof createTaskInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; slug: string }> {
  const data = createTaskInput.parse(input);
  const user = await requireTaskCreator(ctx.db, data.userId);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const task = await tx.task.create({
        data: {
          slug: data.slug,
          title: data.title,
          description: data.description,
          previewToken: newPreviewToken(),
          owners: { create: { userId: user.id } },
        },
      });
      await writeAudit(tx, {
        actorId: user.id,
        action: "task.create",
        targetType: "task",
        targetId: task.id,
        details: { slug: task.slug },
      });
      return { id: task.id, slug: task.slug };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `A task with the slug "${data.slug}" exists.`);
    throw error;
  }
}
