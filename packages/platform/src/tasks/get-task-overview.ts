import { isTaskOrganiser } from "../access/task-access.ts";
import { canSeeTask } from "./task-visibility.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { phaseWithGold, toPublicPhaseView, toSubtaskView, type PhaseView, type SubtaskView } from "./task-views.ts";

export interface TaskOverview {
  task: { slug: string; title: string; description: string; status: "DRAFT" | "PUBLISHED" | "ARCHIVED" };
  subtasks: SubtaskView[];
  phases: PhaseView[];
  /** The running phase, else the next one, else the last one. */
  defaultPhase: PhaseView | undefined;
  viewer: { isOrganiser: boolean; teamName: string | null };
}

/**
 * The public page of a task; null if there is no such task, or if it is a draft the viewer may not
 * see (drafts: organisers, admins, and the secret preview link).
 */
export async function getTaskOverview(
  input: { slug: string; viewerId: string | null; previewToken?: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<TaskOverview | null> {
  const task = await ctx.db.task.findUnique({
    where: { slug: input.slug },
    include: {
      subtasks: { where: { archivedAt: null }, orderBy: { createdAt: "asc" } },
      phases: { where: { archivedAt: null }, orderBy: { startsAt: "asc" }, include: phaseWithGold },
    },
  });
  if (!task) return null;
  const viewer = input.viewerId ? await ctx.db.user.findUnique({ where: { id: input.viewerId } }) : null;
  if (!(await canSeeTask(ctx.db, viewer, task, input.previewToken))) return null;
  const phases = task.phases.map((phase) => toPublicPhaseView(phase, ctx.now()));
  const now = ctx.now().getTime();
  const defaultPhase =
    phases.find((p) => p.startsAt.getTime() <= now && now < p.endsAt.getTime()) ??
    phases.find((p) => p.startsAt.getTime() > now) ??
    phases.at(-1);
  let isOrganiser = false;
  let teamName: string | null = null;
  if (viewer) {
    isOrganiser = await isTaskOrganiser(ctx.db, viewer, task.id);
    const membership = await ctx.db.membership.findUnique({
      where: { taskId_userId: { taskId: task.id, userId: viewer.id } },
      include: { team: true },
    });
    teamName = membership?.team.name ?? null;
  }
  return {
    task: { slug: task.slug, title: task.title, description: task.description, status: task.status },
    subtasks: task.subtasks.map(toSubtaskView),
    phases,
    defaultPhase,
    viewer: { isOrganiser, teamName },
  };
}
