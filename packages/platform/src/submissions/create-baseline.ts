import { z } from "zod";
import { fileBytes, storableBytes } from "../context/file-bytes.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";
import { AppError } from "../errors/app-error.ts";
import { STORE_TRANSACTION } from "./store-transaction.ts";
import { validateUpload } from "./validate-upload.ts";

export const createBaselineInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  subtaskKey: z.string().min(1),
  phaseKey: z.string().min(1),
  label: z.string().trim().min(1).max(80),
  fileName: z.string().trim().min(1).max(255),
  content: fileBytes,
});

/** An organiser's baseline row: validated and scored like a submission, outside limits and windows, unranked. */
export async function createBaseline(
  input: z.input<typeof createBaselineInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; status: "QUEUED" }> {
  const data = createBaselineInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const [subtask, phase] = await Promise.all([
    ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } } }),
    ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } }),
  ]);
  if (!subtask) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}".`);
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);
  await validateUpload(ctx, { subtask, phaseId: phase.id }, data);
  const contentHash = sha256Hex(data.content);
  const created = await ctx.db.$transaction(async (tx) => {
    const row = await tx.submission.create({
      data: {
        teamId: null,
        isBaseline: true,
        label: data.label,
        uploaderId: user.id,
        subtaskId: subtask.id,
        phaseId: phase.id,
        fileName: data.fileName,
        content: storableBytes(data.content),
        contentHash,
        sizeBytes: data.content.byteLength,
        createdAt: ctx.now(),
      },
      select: { id: true },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "baseline.create",
      targetType: "submission",
      targetId: row.id,
      details: { label: data.label, contentHash },
    });
    return row;
  }, STORE_TRANSACTION);
  await ctx.enqueueScoring(created.id);
  return { id: created.id, status: "QUEUED" };
}
