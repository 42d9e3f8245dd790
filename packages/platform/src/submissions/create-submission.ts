import { z } from "zod";
import { fileBytes } from "../context/file-bytes.ts";
import { initialContent, storeInPieces } from "../context/bytes-in-pieces.ts";
import { requireTask, requireUser } from "../access/task-access.ts";
import { checkUploadSize } from "../access/upload-size.ts";
import { lockRow } from "../access/lock-row.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { formatUtc } from "../context/format-utc.ts";
import { AppError } from "../errors/app-error.ts";
import { consumeUploadAttempt } from "../access/upload-rate-limit.ts";
import { takeUploadSlot } from "../access/open-uploads.ts";
import { requireOpenTask } from "../tasks/require-open-task.ts";
import { requireTeamMaySubmit } from "../participants/require-team-may-submit.ts";
import { requireConfirmedAddress } from "../users/require-confirmed-address.ts";
import { checkSubmissionLimits } from "./submission-limits.ts";
import { STORE_TRANSACTION } from "./store-transaction.ts";
import { validateUpload } from "./validate-upload.ts";
import { withRefusalRecorded } from "../refused-uploads/record-refused-upload.ts";

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
 * What a team's upload is checked for before its file is looked at, in order: the account's
 * upload rate limit (every attempt counts, refused ones too), the task (exists, open), membership
 * and the team's standing. The upload routes call it before reading the body (through
 * `createSubmissionFromUpload`), so a refused upload is never received.
 */
async function requireSubmissionUploadAccess(input: { userId: string; slug: string }, ctx: PlatformContext) {
  const user = await requireUser(ctx.db, input.userId);
  requireConfirmedAddress(user, ctx);
  await consumeUploadAttempt(ctx.uploadLimiter, user.id);
  const task = await requireTask(ctx.db, input.slug);
  requireOpenTask(task);
  const membership = await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: user.id } } });
  if (!membership) throw new AppError("NOT_A_MEMBER", "Join or create a team of this task before submitting.");
  requireTeamMaySubmit(
    task,
    await ctx.db.team.findUniqueOrThrow({ where: { id: membership.teamId }, select: { name: true, approvedAt: true, bannedAt: true } }),
  );
  return { user, task, membership };
}

/**
 * The subtask and the phase an upload names: both exist, neither is archived, and the phase is
 * open at `now`. NOT_FOUND, CONFLICT or PHASE_CLOSED otherwise.
 */
async function requireOpenTarget(
  task: { id: string; slug: string },
  target: { subtaskKey: string; phaseKey: string },
  now: Date,
  ctx: PlatformContext,
) {
  const [subtask, phase] = await Promise.all([
    ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: target.subtaskKey } } }),
    ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: target.phaseKey } } }),
  ]);
  if (!subtask) throw new AppError("NOT_FOUND", `No subtask "${target.subtaskKey}" in ${task.slug}.`);
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${target.phaseKey}" in ${task.slug}.`);
  for (const [part, row] of [
    ["subtask", subtask],
    ["phase", phase],
  ] as const)
    if (row.archivedAt) throw new AppError("CONFLICT", `The ${part} "${row.key}" is archived: it takes no new submissions.`);
  if (now < phase.startsAt || now >= phase.endsAt) {
    const when = now < phase.startsAt ? `opens at ${formatUtc(phase.startsAt)}` : `closed at ${formatUtc(phase.endsAt)}`;
    throw new AppError("PHASE_CLOSED", `The phase "${phase.name}" ${when}.`, {
      startsAt: phase.startsAt.toISOString(),
      endsAt: phase.endsAt.toISOString(),
    });
  }
  return { subtask, phase };
}

/**
 * A team's upload. In order: `requireSubmissionUploadAccess`, the subtask and the phase window
 * (UTC), size limit, validation with the engine in an engine
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
  return storeSubmission(await requireSubmissionUploadAccess(data, ctx), data, ctx);
}

/**
 * `createSubmission` for an upload not read yet: `readUpload` (the body: subtask, phase, file) is
 * called only once `requireSubmissionUploadAccess` has passed and the account has a free upload
 * slot (`takeUploadSlot`: at most MAX_OPEN_UPLOADS_PER_ACCOUNT at once, and
 * MAX_OPEN_UPLOADS_PER_ADDRESS per client address).
 */
export async function createSubmissionFromUpload(
  input: {
    userId: string;
    slug: string;
    /** The client's address, for the cap on uploads in flight per address. */
    clientAddress?: string;
    /**
     * Reads the body. `checkTarget` checks a subtask and phase (`requireOpenTarget`) as soon as
     * they are known, so a reader that meets them before the file can refuse the file unread.
     */
    readUpload: (
      checkTarget: (target: { subtaskKey: string; phaseKey: string }) => Promise<void>,
    ) => Promise<Omit<z.input<typeof createSubmissionInput>, "userId" | "slug">>;
  },
  ctx: PlatformContext = platformContext(),
): Promise<CreatedSubmission> {
  const access = await requireSubmissionUploadAccess(input, ctx);
  const release = await takeUploadSlot(ctx.redis, ctx.keyPrefix, access.user.id, input.clientAddress);
  try {
    const checkTarget = async (target: { subtaskKey: string; phaseKey: string }) => {
      await requireOpenTarget(access.task, target, ctx.now(), ctx);
    };
    const data = createSubmissionInput.parse({ userId: input.userId, slug: input.slug, ...(await input.readUpload(checkTarget)) });
    return await storeSubmission(access, data, ctx);
  } finally {
    await release();
  }
}

async function storeSubmission(
  { user, task, membership }: Awaited<ReturnType<typeof requireSubmissionUploadAccess>>,
  data: z.output<typeof createSubmissionInput>,
  ctx: PlatformContext,
): Promise<CreatedSubmission> {
  const now = ctx.now();
  const { subtask, phase } = await requireOpenTarget(task, data, now, ctx);
  checkUploadSize(data.content, data.fileName, ctx.maxUploadBytes);

  const validated = await withRefusalRecorded(
    ctx,
    { taskId: task.id, userId: user.id, kind: "PREDICTION", fileName: data.fileName, subtaskKey: subtask.key, phaseKey: phase.key },
    () => validateUpload(ctx, { subtask, phaseId: phase.id }, data),
  );
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
        content: initialContent(data.content),
        contentHash,
        sizeBytes: data.content.byteLength,
        createdAt: now,
      },
      select: { id: true },
    });
    await storeInPieces(tx, "Submission", created.id, data.content);
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
