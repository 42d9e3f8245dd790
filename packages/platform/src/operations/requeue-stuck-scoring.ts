import { scoringJobId } from "@hierboard/queue";
import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

/** A submission in SCORING for longer than this counts as stuck and may be re-queued by an admin. */
export const STUCK_SCORING_THRESHOLD_MS = 15 * 60 * 1000;

export const requeueStuckScoringInput = z.object({
  actorId: z.string().min(1),
  submissionId: z.string().min(1),
});

/**
 * An admin puts a submission stuck in SCORING back on the queue. It must have been SCORING for
 * longer than STUCK_SCORING_THRESHOLD_MS, and no worker may hold its job (an active job is
 * recovered by BullMQ's stall check, or is still running). SCORING → QUEUED and the audit row are
 * one transaction; the job is replaced after commit.
 */
export async function requeueStuckScoring(
  input: z.input<typeof requeueStuckScoringInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; stuckForSeconds: number }> {
  const data = requeueStuckScoringInput.parse(input);
  const actor = await requireUser(ctx.db, data.actorId);
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only admins can re-queue submissions.");
  const now = ctx.now();
  const submission = await ctx.db.submission.findUnique({
    where: { id: data.submissionId },
    select: { id: true, status: true, startedAt: true },
  });
  if (!submission) throw new AppError("NOT_FOUND", `No submission ${data.submissionId}.`);
  if (submission.status !== "SCORING") {
    throw new AppError("CONFLICT", `Only a submission stuck in SCORING can be re-queued; ${submission.id} is ${submission.status}.`);
  }
  const stuckMs = now.getTime() - (submission.startedAt ?? now).getTime();
  if (stuckMs <= STUCK_SCORING_THRESHOLD_MS) {
    throw new AppError(
      "CONFLICT",
      `Submission ${submission.id} has been SCORING for ${Math.round(stuckMs / 1000)} s; it counts as stuck after ${STUCK_SCORING_THRESHOLD_MS / 1000} s.`,
    );
  }
  const job = await ctx.scoringQueue?.getJob(scoringJobId(submission.id));
  const state = job ? await job.getState() : "missing";
  if (state === "active" || state === "waiting-children") {
    throw new AppError(
      "CONFLICT",
      `A worker holds the scoring job of ${submission.id} (job state ${state}); wait for it or for BullMQ's stall check.`,
    );
  }
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.submission.updateMany({
      where: { id: submission.id, status: "SCORING" },
      data: { status: "QUEUED", startedAt: null },
    });
    if (moved.count !== 1) throw new AppError("CONFLICT", `Submission ${submission.id} left SCORING meanwhile.`);
    await writeAudit(tx, {
      actorId: actor.id,
      action: "submission.requeue-stuck",
      targetType: "submission",
      targetId: submission.id,
      details: { stuckForSeconds: Math.round(stuckMs / 1000), jobState: state, thresholdSeconds: STUCK_SCORING_THRESHOLD_MS / 1000 },
    });
  });
  await ctx.enqueueScoring(submission.id, { replace: true });
  return { id: submission.id, stuckForSeconds: Math.round(stuckMs / 1000) };
}
