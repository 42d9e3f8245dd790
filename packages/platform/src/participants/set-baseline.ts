import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { touchTaskBoards } from "./touch-task-boards.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export const setBaselineInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  submissionId: z.string().min(1),
  isBaseline: z.boolean(),
  label: z.string().trim().max(80).optional(),
});

/** An organiser marks a submission as a baseline (an unranked, marked board row) or unmarks it. */
export async function setBaseline(input: z.input<typeof setBaselineInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = setBaselineInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  await ctx.db.$transaction(async (tx) => {
    const s = await tx.submission.findUnique({
      where: { id: data.submissionId },
      select: { id: true, isBaseline: true, teamId: true, label: true, fileName: true, phase: { select: { taskId: true } } },
    });
    if (!s || s.phase.taskId !== task.id) throw new AppError("NOT_FOUND", `No such submission in ${task.slug}.`);
    if (!data.isBaseline && s.teamId === null)
      throw new AppError("CONFLICT", "An uploaded baseline has no team to rank it under; it stays a baseline.");
    const label = data.isBaseline ? data.label || s.label || `Baseline (${s.fileName})` : s.label;
    await tx.submission.update({ where: { id: s.id }, data: { isBaseline: data.isBaseline, label }, select: { id: true } });
    await touchTaskBoards(tx, task.id, ctx.now());
    await writeAudit(tx, {
      actorId: user.id,
      action: "submission.set-baseline",
      targetType: "submission",
      targetId: s.id,
      details: { file: s.fileName, before: { baseline: s.isBaseline }, after: { baseline: data.isBaseline, label } },
    });
  });
  await enqueueBoardJobs(ctx, { taskId: task.id });
}
