import { z } from "zod";
import { fileBytes, storableBytes } from "../context/file-bytes.ts";
import { requireTask, requireUser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { lockRow } from "../access/lock-row.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { formatUtc } from "../context/format-utc.ts";
import { AppError } from "../errors/app-error.ts";
import { consumeUploadAttempt } from "../access/upload-rate-limit.ts";
import { requireOpenTask } from "../tasks/require-open-task.ts";
import { requireTeamMaySubmit } from "../participants/require-team-may-submit.ts";
import { checkSubmissionLimits } from "./submission-limits.ts";
import { STORE_TRANSACTION } from "./store-transaction.ts";
import { validateUpload } from "./validate-upload.ts";

export const createSubmissionInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  subtaskKey: z.string().min(1),
  phaseKey: z.string().min(1),
  fileName: z.string().trim().min(1).max(255),
  content: fileBytes,
});

export interface CreatedSubmission {
  id: string;
  status: "QUEUED";
  contentHash: string;
  documents: number;
  /** The engine's warnings (missing documents, dropped unknown labels). */
  warnings: string[];
}

/**
 * A team's upload. In order: the account's upload rate limit (every attempt counts, refused ones
 * too), membership, phase window (UTC), size limit, validation with the engine in an engine
 * thread — never on the request thread — against the subtask's taxonomy and the phase's gold
 * (INVALID_FILE with file:line, nothing stored, no slot used), then — under the team's row lock —
 * the daily and total limits and the insert. The job is enqueued after commit; if Redis is
 * unreachable the worker's sweep of QUEUED submissions picks it up, so an accepted file is never
 * lost.
 */
export async function createSubmission(
  input: z.input<typeof createSubmissionInput>,
  ctx: PlatformContext = platformContext(),
): Promise<CreatedSubmission> {
  const data = createSubmissionInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  await consumeUploadAttempt(ctx.uploadLimiter, user.id);
  const task = await requireTask(ctx.db, data.slug);
  requireOpenTask(task);
  const [subtask, phase, membership] = await Promise.all([
    ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } } }),
    ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } }),
    ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: user.id } } }),
  ]);
  if (!subtask) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}" in ${task.slug}.`);
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" in ${task.slug}.`);
  for (const [part, row] of [
    ["subtask", subtask],
    ["phase", phase],
  ] as const)
    if (row.archivedAt) throw new AppError("CONFLICT", `The ${part} "${row.key}" is archived: it takes no new submissions.`);
  if (!membership) throw new AppError("NOT_A_MEMBER", "Join or create a team of this task before submitting.");
  requireTeamMaySubmit(
    task,
    await ctx.db.team.findUniqueOrThrow({ where: { id: membership.teamId }, select: { name: true, approvedAt: true, bannedAt: true } }),
  );
  const now = ctx.now();
  if (now < phase.startsAt || now >= phase.endsAt) {
    const when = now < phase.startsAt ? `opens at ${formatUtc(phase.startsAt)}` : `closed at ${formatUtc(phase.endsAt)}`;
    throw new AppError("PHASE_CLOSED", `The phase "${phase.name}" ${when}.`, {
      startsAt: phase.startsAt.toISOString(),
      endsAt: phase.endsAt.toISOString(),
    });
  }
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);

  const validated = await validateUpload(ctx, { subtask, phaseId: phase.id }, data);
  const contentHash = validated.contentHash;

  const submission = await ctx.db.$transaction(async (tx) => {
    await lockRow(tx, "Team", membership.teamId);
    await checkSubmissionLimits(tx, { teamId: membership.teamId, phase, subtaskId: subtask.id, now });
    const created = await tx.submission.create({
      data: {
        teamId: membership.teamId,
        uploaderId: user.id,
        subtaskId: subtask.id,
        phaseId: phase.id,
        fileName: data.fileName,
        content: storableBytes(data.content),
        contentHash,
        sizeBytes: data.content.byteLength,
        createdAt: now,
      },
      select: { id: true },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "submission.create",
      targetType: "submission",
      targetId: created.id,
      details: { teamId: membership.teamId, phase: phase.key, subtask: subtask.key, contentHash, sizeBytes: data.content.byteLength },
    });
    return created;
  }, STORE_TRANSACTION);

  try {
    await ctx.enqueueScoring(submission.id);
  } catch (error) {
    // Stored is accepted: the worker's sweep re-enqueues QUEUED submissions without a job.
    console.warn(`[platform] enqueue of ${submission.id} deferred to the sweep: ${(error as Error).message}`);
  }
  return { id: submission.id, status: "QUEUED", contentHash, documents: validated.documents, warnings: validated.warnings };
}
