import { z } from "zod";
import { fileBytes } from "../context/file-bytes.ts";
import { initialContent, storeInPieces } from "../context/bytes-in-pieces.ts";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { lockRow } from "../access/lock-row.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { checkGoldFor } from "../scoring/setup/check-gold-for.ts";
import { withRefusalRecorded } from "../refused-uploads/record-refused-upload.ts";
import { STORE_TRANSACTION } from "../submissions/store-transaction.ts";

export const uploadGoldInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  phaseKey: z.string().min(1),
  fileName: z.string().trim().min(1).max(255),
  content: fileBytes,
});

/**
 * FORBIDDEN unless `userId` organises the task, NOT_FOUND for an unknown task or phase: what
 * `uploadGold` checks first, callable before an upload's body is read, so a stranger's large body
 * is refused without being received.
 */
export async function requireGoldUploadAccess(
  input: { userId: string; slug: string; phaseKey: string },
  ctx: PlatformContext = platformContext(),
) {
  const { user, task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: input.phaseKey } } });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${input.phaseKey}".`);
  return { user, task, phase };
}

/**
 * Validates a phase's gold labels, in an engine thread, against every subtask's taxonomy cut and section (or the latest
 * taxonomy when there is no subtask yet) and stores them as the phase's next gold version;
 * `unlabelled` is how many of its documents have no label (a file where most have none is
 * refused). The
 * old versions, and the scores computed against them, are kept. Gold content is never returned.
 */
export async function uploadGold(
  input: z.input<typeof uploadGoldInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ version: number; documents: number; unlabelled: number; contentHash: string }> {
  const data = uploadGoldInput.parse(input);
  const { user, task, phase } = await requireGoldUploadAccess(data, ctx);
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);

  const subtasks = await ctx.db.subtask.findMany({ where: { taskId: task.id }, include: { taxonomyVersion: true } });
  const targets =
    subtasks.length > 0
      ? subtasks.map((s) => ({ taxonomyVersion: s.taxonomyVersion, maxDepth: s.maxDepth, section: s.section }))
      : await ctx.db.taxonomyVersion
          .findFirst({ where: { taskId: task.id }, orderBy: { version: "desc" } })
          .then((t) => (t ? [{ taxonomyVersion: t, maxDepth: null, section: null }] : []));
  if (targets.length === 0) throw new AppError("CONFLICT", "Upload a taxonomy before the gold labels.");
  let documents = 0;
  let unlabelled = 0;
  let contentHash = "";
  await withRefusalRecorded(
    ctx,
    { taskId: task.id, userId: user.id, kind: "GOLD", fileName: data.fileName, phaseKey: phase.key },
    async () => {
      for (const target of targets) {
        const gold = await checkGoldFor({ taxonomy: target.taxonomyVersion, maxDepth: target.maxDepth, section: target.section }, data);
        documents = Math.max(documents, gold.documents);
        unlabelled = Math.max(unlabelled, gold.unlabelled);
        contentHash = gold.contentHash;
      }
    },
  );

  return ctx.db.$transaction(
    async (tx) => {
      await lockRow(tx, "Phase", phase.id);
      const last = await tx.goldVersion.findFirst({
        where: { phaseId: phase.id },
        orderBy: { version: "desc" },
        select: { version: true },
      });
      const gold = await tx.goldVersion.create({
        data: {
          phaseId: phase.id,
          version: (last?.version ?? 0) + 1,
          fileName: data.fileName,
          content: initialContent(data.content),
          contentHash,
          documents,
          uploadedById: user.id,
        },
        select: { id: true, version: true }, // not the stored file back
      });
      await storeInPieces(tx, "GoldVersion", gold.id, data.content);
      await writeAudit(tx, {
        actorId: user.id,
        action: "gold.upload",
        targetType: "phase",
        targetId: phase.id,
        details: { version: gold.version, contentHash, documents },
      });
      return { version: gold.version, documents, unlabelled, contentHash };
    },
    // A 1M-document gold (~30 MB) took 11.6 s to write on a loaded machine: past Prisma's 5 s default.
    STORE_TRANSACTION,
  );
}
