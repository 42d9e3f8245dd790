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
import {
  MAX_TASK_FILES,
  taskFileAuditFields,
  taskFileKindSchema,
  taskFileViewSelect,
  toTaskFileView,
  type TaskFileView,
} from "./task-file-fields.ts";
import { checkTaskFileDisplayName, checkTaskFileName } from "./task-file-name.ts";

export const attachTaskFileInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  /** The download name (checked by checkTaskFileName). */
  fileName: z.string().max(1_000),
  /** Shown on the Data tab; empty or absent: the file name. */
  name: z.string().max(1_000).optional(),
  kind: taskFileKindSchema.default("OTHER"),
  /** The phase the file belongs to; absent or null: the whole task. */
  phaseKey: z.string().min(1).nullish(),
  content: fileBytes,
});

/**
 * Attaches a public file (starting kit, licence, data description, baseline code: any bytes) to a
 * task, for its organisers only. The name is checked (no paths, hidden files, control or invisible
 * characters), the size against the upload limit, the count against MAX_TASK_FILES; a name another
 * file of the task has (in any letter case) is a CONFLICT. Stored with its sha256 and an audit
 * entry in one transaction, so a refused file leaves nothing behind.
 */
export async function attachTaskFile(
  input: z.input<typeof attachTaskFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<TaskFileView> {
  const data = attachTaskFileInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const fileName = checkTaskFileName(data.fileName);
  const name = checkTaskFileDisplayName(data.name, fileName);
  checkUploadSize(data.content, fileName, ctx.maxUploadBytes);
  const phase = data.phaseKey ? await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } }) : null;
  if (data.phaseKey && !phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" in ${task.slug}.`);
  const contentHash = sha256Hex(data.content);
  try {
    return await ctx.db.$transaction(async (tx) => {
      await lockRow(tx, "Task", task.id);
      const count = await tx.taskFile.count({ where: { taskId: task.id } });
      if (count >= MAX_TASK_FILES)
        throw new AppError("CONFLICT", `A task holds at most ${MAX_TASK_FILES} public files; remove one before attaching ${fileName}.`);
      await checkFreeFileName(tx, task.id, fileName);
      const row = await tx.taskFile.create({
        data: {
          taskId: task.id,
          name,
          kind: data.kind,
          fileName,
          content: storableBytes(data.content),
          contentHash,
          sizeBytes: data.content.byteLength,
          phaseId: phase?.id ?? null,
          uploadedById: user.id,
        },
        select: taskFileViewSelect,
      });
      await writeAudit(tx, {
        actorId: user.id,
        action: "taskFile.attach",
        targetType: "task",
        targetId: task.id,
        details: { after: taskFileAuditFields({ ...row, phase: phase?.key ?? null }) },
      });
      return toTaskFileView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a file named ${fileName}.`);
    throw error;
  }
}
