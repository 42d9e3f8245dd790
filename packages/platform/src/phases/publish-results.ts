import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { notify } from "../notifications/notify.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const publishResultsInput = z.object({ userId: z.string().min(1), slug: z.string().min(1), phaseKey: z.string().min(1) });

/**
 * "Publish results": an ended phase's board and scores become public (blind phases included), and
 * every team that submitted to the phase is mailed (once).
 */
export async function publishResults(
  input: z.input<typeof publishResultsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ resultsPublishedAt: Date }> {
  const data = publishResultsInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const now = ctx.now();
  const published = await ctx.db.$transaction(async (tx) => {
    const phase = await tx.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
    if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
    if (phase.endsAt > now) {
      throw new AppError(
        "CONFLICT",
        `The phase "${phase.name}" runs until ${phase.endsAt.toISOString()} UTC: end it first, then publish its results.`,
      );
    }
    if (phase.resultsPublishedAt) return { resultsPublishedAt: phase.resultsPublishedAt, phaseId: null };
    await tx.phase.update({ where: { id: phase.id }, data: { resultsPublishedAt: now } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "phase.publish-results",
      targetType: "phase",
      targetId: phase.id,
      details: { before: { resultsPublished: false }, after: { resultsPublished: true } },
    });
    return { resultsPublishedAt: now, phaseId: phase.id };
  });
  if (published.phaseId) {
    await enqueueBoardJobs(ctx, { phaseId: published.phaseId });
    await notify(ctx, { kind: "results-published", phaseId: published.phaseId });
  }
  return { resultsPublishedAt: published.resultsPublishedAt };
}
