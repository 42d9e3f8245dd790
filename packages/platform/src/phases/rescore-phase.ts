import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const rescorePhaseInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  phaseKey: z.string().min(1),
});

/**
 * Re-scores a phase after its gold changed: every scored or failed submission without a score set
 * for the current gold version goes back to QUEUED and onto the queue. Older score sets stay, as
 * versions.
 */
export async function rescorePhase(
  input: z.input<typeof rescorePhaseInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ goldVersion: number; queued: number }> {
  const data = rescorePhaseInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  const gold = await ctx.db.goldVersion.findFirst({
    where: { phaseId: phase.id },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  if (!gold) throw new AppError("GOLD_MISSING", "This phase has no gold labels yet.");
  const stale = await ctx.db.submission.findMany({
    where: { phaseId: phase.id, status: { in: ["SCORED", "FAILED"] }, scoreSets: { none: { goldVersion: gold.version } } },
    select: { id: true },
  });
  const ids = stale.map((s) => s.id);
  await ctx.db.$transaction(async (tx) => {
    await tx.submission.updateMany({
      where: { id: { in: ids }, status: { in: ["SCORED", "FAILED"] } },
      data: { status: "QUEUED", errorMessage: null, startedAt: null, finishedAt: null },
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: "phase.rescore",
      targetType: "phase",
      targetId: phase.id,
      details: { goldVersion: gold.version, submissions: ids.length },
    });
  });
  for (const id of ids) await ctx.enqueueScoring(id, { replace: true });
  // Until they are scored again, the phase's boards show them no more.
  if (ids.length > 0) await enqueueBoardJobs(ctx, { phaseId: phase.id });
  return { goldVersion: gold.version, queued: ids.length };
}
