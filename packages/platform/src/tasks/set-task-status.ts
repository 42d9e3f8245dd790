import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { missingForPublish } from "./publish-checks.ts";

export const setTaskStatusInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  status: z.enum(["DRAFT", "PUBLISHED", "ARCHIVED"]),
});

/**
 * Moves a task through draft → published → archived (an archived task can be published again, a
 * published one can go back to draft). Publishing needs a taxonomy, a subtask and at least one
 * phase, each with gold; otherwise NOT_READY lists what is missing in `details.missing`.
 */
export async function setTaskStatus(
  input: z.input<typeof setTaskStatusInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ status: "DRAFT" | "PUBLISHED" | "ARCHIVED" }> {
  const data = setTaskStatusInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  if (task.status === data.status) return { status: task.status };
  return ctx.db.$transaction(async (tx) => {
    if (data.status === "PUBLISHED") {
      const missing = await missingForPublish(tx, task.id);
      if (missing.length > 0) {
        throw new AppError("NOT_READY", `"${task.slug}" cannot be published yet. It needs ${missing.join("; ")}.`, { missing });
      }
    }
    await tx.task.update({
      where: { id: task.id },
      data: { status: data.status, ...(data.status === "PUBLISHED" && !task.publishedAt ? { publishedAt: ctx.now() } : {}) },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "task.set-status",
      targetType: "task",
      targetId: task.id,
      details: { before: { status: task.status }, after: { status: data.status } },
    });
    return { status: data.status };
  });
}
