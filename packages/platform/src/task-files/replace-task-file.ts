import { z } from "zod";
import { lockRow } from "../access/lock-row.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { fileBytes, storableBytes } from "../context/file-bytes.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { checkFreeFileName } from "./check-free-file-name.ts";
import { taskFileAuditFields, taskFileViewSelect, toTaskFileView, type TaskFileView } from "./task-file-fields.ts";
import { checkTaskFileName } from "./task-file-name.ts";

export const replaceTaskFileInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  fileId: z.string().min(1),
  /** The new download name (it may differ from the old one). */
  fileName: z.string().max(1_000),
  content: fileBytes,
});

/**
 * Swaps a public file's bytes (and download name) in place, keeping its display name, kind and
 * phase: a new starting kit replaces the old one under the same entry. Checked like an attachment;
 * the audit entry records both hashes. Organisers only.
 */
export async function replaceTaskFile(
  input: z.input<typeof replaceTaskFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<TaskFileView> {
  const data = replaceTaskFileInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const fileName = checkTaskFileName(data.fileName);
  checkUploadSize(data.content, fileName, ctx.maxUploadBytes);
  const contentHash = sha256Hex(data.content);
  try {
    return await ctx.db.$transaction(async (tx) => {
      await lockRow(tx, "Task", task.id);
      const existing = await tx.taskFile.findFirst({
        where: { id: data.fileId, taskId: task.id },
        select: taskFileViewSelect,
      });
      if (!existing) throw new AppError("NOT_FOUND", `No such file in ${task.slug}; it may have been removed.`);
      await checkFreeFileName(tx, task.id, fileName, existing.id);
      const row = await tx.taskFile.update({
        where: { id: existing.id },
        data: { fileName, content: storableBytes(data.content), contentHash, sizeBytes: data.content.byteLength, uploadedById: user.id },
        select: taskFileViewSelect,
      });
      const phase = existing.phase?.key ?? null;
      await writeAudit(tx, {
        actorId: user.id,
        action: "taskFile.replace",
        targetType: "task",
        targetId: task.id,
        details: { before: taskFileAuditFields({ ...existing, phase }), after: taskFileAuditFields({ ...row, phase }) },
      });
      return toTaskFileView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a file named ${fileName}.`);
    throw error;
  }
}
