import { z } from "zod";
import { lockRow } from "../access/lock-row.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { taskFileAuditFields, taskFileViewSelect } from "./task-file-fields.ts";

export const removeTaskFileInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  fileId: z.string().min(1),
  /**
   * The confirmation: the sha256 of the file the organiser saw and agreed to remove. If the file was
   * replaced in the meantime, nothing is removed (CONFLICT), so a stale page cannot delete new bytes.
   */
  confirmSha256: z.string().regex(/^[0-9a-f]{64}$/, "expected the sha256 of the file to remove, as 64 lower-case hex digits"),
});

/** Removes a public file of a task, once confirmed by its hash; audited with what was removed. Organisers only. */
export async function removeTaskFile(
  input: z.input<typeof removeTaskFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ fileName: string; name: string }> {
  const data = removeTaskFileInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  return ctx.db.$transaction(async (tx) => {
    await lockRow(tx, "Task", task.id);
    const existing = await tx.taskFile.findFirst({ where: { id: data.fileId, taskId: task.id }, select: taskFileViewSelect });
    if (!existing) throw new AppError("NOT_FOUND", `No such file in ${task.slug}; it may have been removed already.`);
    if (existing.contentHash !== data.confirmSha256)
      throw new AppError(
        "CONFLICT",
        `${existing.fileName} was replaced since you confirmed (its sha256 is now ${existing.contentHash.slice(0, 12)}…); look at it again before removing it.`,
      );
    await tx.taskFile.delete({ where: { id: existing.id }, select: { id: true } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "taskFile.remove",
      targetType: "task",
      targetId: task.id,
      details: { before: taskFileAuditFields({ ...existing, phase: existing.phase?.key ?? null }) },
    });
    return { fileName: existing.fileName, name: existing.name };
  });
}
