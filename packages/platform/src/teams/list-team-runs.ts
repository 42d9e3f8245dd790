import { z } from "zod";
import { requireTask, requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { canSeeTask } from "../tasks/task-visibility.ts";
import { getTeamFinalRuns, type FinalRunsBlock } from "./get-team-final-runs.ts";

export const listTeamRunsInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  phaseKey: z.string().min(1).optional(),
  subtaskKey: z.string().min(1).optional(),
});

export interface TeamRuns {
  team: { name: string };
  /** Per phase and subtask (optionally only the named ones): what counts, what is left, and the team's runs, newest first. */
  groups: FinalRunsBlock[];
}

/**
 * The viewer's own team's submissions (the API's list), grouped as the team page groups them:
 * which runs count and which are selected as final runs, submissions left today (UTC) and in
 * total, primary scores unless the phase is blind. NOT_A_MEMBER without a team in the task;
 * NOT_FOUND for an unknown task, phase or subtask (or a draft the viewer may not see).
 */
export async function listTeamRuns(input: z.input<typeof listTeamRunsInput>, ctx: PlatformContext = platformContext()): Promise<TeamRuns> {
  const data = listTeamRunsInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const task = await requireTask(ctx.db, data.slug);
  const membership = await ctx.db.membership.findUnique({
    where: { taskId_userId: { taskId: task.id, userId: user.id } },
    select: { team: { select: { name: true } } },
  });
  if (!membership) {
    if (!(await canSeeTask(ctx.db, user, task))) throw new AppError("NOT_FOUND", `No task "${data.slug}".`);
    throw new AppError("NOT_A_MEMBER", "Only a team's members list its submissions; create or join a team first.");
  }
  const [phase, subtask] = await Promise.all([
    data.phaseKey
      ? ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } }, select: { id: true } })
      : null,
    data.subtaskKey
      ? ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } }, select: { id: true } })
      : null,
  ]);
  if (data.phaseKey && !phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  if (data.subtaskKey && !subtask) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}".`);
  const groups = (await getTeamFinalRuns({ slug: data.slug, userId: user.id }, ctx)).filter(
    (g) => (!data.phaseKey || g.phaseKey === data.phaseKey) && (!data.subtaskKey || g.subtaskKey === data.subtaskKey),
  );
  return { team: { name: membership.team.name }, groups };
}
