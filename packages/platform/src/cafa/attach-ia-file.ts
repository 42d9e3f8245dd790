import { z } from "zod";
import { fileBytes, storableBytes } from "../context/file-bytes.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import type { CheckedIa } from "../scoring/engine/engine-tasks.ts";
import { runInEngineThread } from "../scoring/engine/engine-pool.ts";
import { toTaxonomyView, type TaxonomyView } from "../tasks/task-views.ts";

export const attachIaFileInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  taxonomyVersion: z.number().int().min(1),
  fileName: z.string().trim().min(1).max(255),
  content: fileBytes,
});

/**
 * Attaches an information-accretion file (`term<TAB>weight` per line, CAFA-evaluator's `ia.tsv`)
 * to a taxonomy version, for the weighted CAFA measures of the subtasks that use it. It is checked
 * in an engine thread (every malformed line reported with its number), hashed and stored; a newer
 * file replaces it. Refused once a subtask on this version has submissions: their scores would no
 * longer match the weights.
 */
export async function attachIaFile(
  input: z.input<typeof attachIaFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<TaxonomyView> {
  const data = attachIaFileInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);
  const version = await ctx.db.taxonomyVersion.findUnique({
    where: { taskId_version: { taskId: task.id, version: data.taxonomyVersion } },
    select: { id: true, subtasks: { select: { _count: { select: { submissions: true } } } } },
  });
  if (!version) throw new AppError("NOT_FOUND", `This task has no taxonomy version ${data.taxonomyVersion}.`);
  const checked = await runInEngineThread<CheckedIa>(
    { kind: "check-ia", fileName: data.fileName, content: data.content },
    async (task) => task, // the task carries the file
  );
  if (version.subtasks.some((s) => s._count.submissions > 0))
    throw new AppError(
      "CONFLICT",
      `Taxonomy version ${data.taxonomyVersion} already has submissions: its IA weights can no longer change.`,
    );
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.taxonomyVersion.update({
      where: { id: version.id },
      data: { iaFileName: data.fileName, iaContent: storableBytes(data.content), iaHash: checked.contentHash, iaTerms: checked.terms },
      omit: { content: true, iaContent: true, outline: true },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "taxonomy.ia",
      targetType: "taxonomyVersion",
      targetId: row.id,
      details: { version: row.version, fileName: data.fileName, contentHash: checked.contentHash, terms: checked.terms },
    });
    return toTaxonomyView(row);
  });
}
