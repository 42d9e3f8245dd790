import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { guardPhaseEnd } from "./move-phase-end.ts";
import { phaseAuditFields } from "./phase-fields.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const endPhaseNowInput = z.object({ userId: z.string().min(1), slug: z.string().min(1), phaseKey: z.string().min(1) });

/** "End now": the phase closes at this instant (UTC); submissions stop, private boards open. */
export async function endPhaseNow(
  input: z.input<typeof endPhaseNowInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ endsAt: Date }> {
  const data = endPhaseNowInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const now = ctx.now();
  const ended = await ctx.db.$transaction(async (tx) => {
    const phase = await tx.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
    if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
    if (phase.endsAt <= now)
      throw new AppError("CONFLICT", `The phase "${phase.name}" already ended at ${phase.endsAt.toISOString()} UTC.`);
    if (phase.startsAt > now)
      throw new AppError("CONFLICT", `The phase "${phase.name}" has not started (it opens at ${phase.startsAt.toISOString()} UTC).`);
    // A submission stamped in this very millisecond would be after the new end: the guard refuses.
    await guardPhaseEnd(tx, phase, now, undefined, now);
    const changed = await tx.phase.update({ where: { id: phase.id }, data: { endsAt: now } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "phase.end-now",
      targetType: "phase",
      targetId: phase.id,
      details: { before: phaseAuditFields(phase), after: phaseAuditFields(changed) },
    });
    return { phaseId: phase.id, endsAt: now };
  });
  await enqueueBoardJobs(ctx, { phaseId: ended.phaseId });
  return { endsAt: ended.endsAt };
}
