import { z } from "zod";
import { fileBytes, storableBytes } from "../context/file-bytes.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { lockRow } from "../access/lock-row.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import type { CheckedTaxonomy } from "../scoring/engine/engine-tasks.ts";
import { runInEngineThread } from "../scoring/engine/engine-pool.ts";
import { toTaxonomyView, type TaxonomyView } from "../tasks/task-views.ts";
import { STORE_TRANSACTION } from "../submissions/store-transaction.ts";
import { withRefusalRecorded } from "../refused-uploads/record-refused-upload.ts";

export const uploadTaxonomyInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  fileName: z.string().trim().min(1).max(255),
  content: fileBytes,
});

/**
 * Validates a taxonomy file with the engine, in an engine thread (TSV or JSON, cycles, encoding), and stores it as the
 * task's next taxonomy version. Nothing is stored when the file is invalid.
 */
export async function uploadTaxonomy(
  input: z.input<typeof uploadTaxonomyInput>,
  ctx: PlatformContext = platformContext(),
): Promise<TaxonomyView> {
  const data = uploadTaxonomyInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);
  const taxonomy = await withRefusalRecorded(ctx, { taskId: task.id, userId: user.id, kind: "TAXONOMY", fileName: data.fileName }, () =>
    runInEngineThread<CheckedTaxonomy>(
      { kind: "check-taxonomy", fileName: data.fileName, content: data.content },
      async (task) => task, // the task carries the file
    ),
  );
  const contentHash = taxonomy.contentHash;
  const created = await ctx.db.$transaction(async (tx) => {
    await lockRow(tx, "Task", task.id);
    const last = await tx.taxonomyVersion.findFirst({
      where: { taskId: task.id },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    const row = await tx.taxonomyVersion.create({
      data: {
        taskId: task.id,
        version: (last?.version ?? 0) + 1,
        fileName: data.fileName,
        content: storableBytes(data.content),
        contentHash,
        nodeCount: taxonomy.nodeCount,
        depth: taxonomy.depth,
        isDag: taxonomy.isDag,
        warnings: taxonomy.warnings,
        namespaces: taxonomy.namespaces,
        outline: storableBytes(taxonomy.outline),
        uploadedById: user.id,
      },
      omit: { content: true, iaContent: true, outline: true }, // not the stored files back
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "taxonomy.upload",
      targetType: "taxonomyVersion",
      targetId: row.id,
      details: { version: row.version, contentHash, nodeCount: row.nodeCount, depth: row.depth, isDag: row.isDag },
    });
    return row;
  }, STORE_TRANSACTION); // a 325k-class file (5 MB) took over 5 s to store at load 24
  return toTaxonomyView(created);
}
