import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { writeFinalRunSelection, type FinalRunSelection } from "./write-final-run-selection.ts";

export const setFinalRunSelectedInput = z.object({
  userId: z.string().min(1),
  submissionId: z.string().min(1),
  selected: z.boolean(),
});

/**
 * Selects one of the team's runs as a final run, or unselects it (the API's per-submission form
 * of `selectFinalRuns`, with the same rules): the other selected runs stay. Selecting a run that
 * is already selected, or unselecting one that is not, changes nothing. NOT_FOUND for an unknown
 * submission, NOT_A_MEMBER for someone without a team in the task, FORBIDDEN for another team's
 * run, CONFLICT past the maximum N, PHASE_CLOSED from the deadline (UTC) on.
 */
export async function setFinalRunSelected(
  input: z.input<typeof setFinalRunSelectedInput>,
  ctx: PlatformContext = platformContext(),
): Promise<FinalRunSelection & { phaseKey: string; subtaskKey: string }> {
  const data = setFinalRunSelectedInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const submission = await ctx.db.submission.findUnique({
    where: { id: data.submissionId },
    select: {
      id: true,
      teamId: true,
      phase: { select: { id: true, taskId: true, key: true, name: true, endsAt: true, rule: true, finalRuns: true } },
      subtask: { select: { id: true, key: true, name: true } },
    },
  });
  if (!submission) throw new AppError("NOT_FOUND", "No such submission.");
  const membership = await ctx.db.membership.findUnique({
    where: { taskId_userId: { taskId: submission.phase.taskId, userId: user.id } },
  });
  if (!membership) throw new AppError("NOT_A_MEMBER", "Only a team's members choose its final runs.");
  if (submission.teamId !== membership.teamId) throw new AppError("FORBIDDEN", "Not your team's submission.");
  const { phase, subtask } = submission;
  const result = await writeFinalRunSelection(ctx, { userId: user.id, teamId: membership.teamId, phase, subtask }, (current) =>
    data.selected ? [...current, submission.id] : current.filter((id) => id !== submission.id),
  );
  return { ...result, phaseKey: phase.key, subtaskKey: subtask.key };
}
