import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const rescoreSubmissionInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  submissionId: z.string().min(1),
});

/**
 * Puts one scored or failed submission back on the queue (an organiser's "re-score" button). The
 * worker scores it against the phase's current gold; score sets of other gold versions stay, and
 * the current version's is replaced. CONFLICT while it is queued or being scored.
 */
export async function rescoreSubmission(
  input: z.input<typeof rescoreSubmissionInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; status: "QUEUED" }> {
  const data = rescoreSubmissionInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const submission = await ctx.db.submission.findFirst({
    where: { id: data.submissionId, phase: { taskId: task.id } },
    select: { id: true, phaseId: true, subtaskId: true },
  });
  if (!submission) throw new AppError("NOT_FOUND", "No such submission in this task.");
  const gold = await ctx.db.goldVersion.findFirst({
    where: { phaseId: submission.phaseId },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  if (!gold) throw new AppError("GOLD_MISSING", "This phase has no gold labels yet.");
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.submission.updateMany({
      where: { id: submission.id, status: { in: ["SCORED", "FAILED"] } },
      data: { status: "QUEUED", errorMessage: null, startedAt: null, finishedAt: null },
    });
    if (moved.count === 0) throw new AppError("CONFLICT", "This submission is already queued or being scored.");
    await writeAudit(tx, {
      actorId: user.id,
      action: "submission.rescore",
      targetType: "submission",
      targetId: submission.id,
      details: { goldVersion: gold.version },
    });
  });
  await ctx.enqueueScoring(submission.id, { replace: true });
  // Until it is scored again, its board shows it no more.
  await enqueueBoardJobs(ctx, { phaseId: submission.phaseId, subtaskId: submission.subtaskId });
  return { id: submission.id, status: "QUEUED" };
}
