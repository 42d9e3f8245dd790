import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { canSeeTask } from "../tasks/task-visibility.ts";
import { sortTaskFiles, taskFileViewSelect, toTaskFileView, type TaskFileView } from "./task-file-fields.ts";

/**
 * A task's public files for the Data & format tab (and the organiser console), starting kits
 * first; null when there is no such task or the viewer may not see it (a draft: organisers,
 * admins and the preview link only).
 */
export async function listTaskFiles(
  input: { slug: string; viewerId: string | null; previewToken?: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<TaskFileView[] | null> {
  const task = await ctx.db.task.findUnique({ where: { slug: input.slug }, select: { id: true, status: true, previewToken: true } });
  if (!task) return null;
  const viewer = input.viewerId ? await ctx.db.user.findUnique({ where: { id: input.viewerId }, select: { id: true, role: true } }) : null;
  if (!(await canSeeTask(ctx.db, viewer, task, input.previewToken))) return null;
  const rows = await ctx.db.taskFile.findMany({ where: { taskId: task.id }, select: taskFileViewSelect });
  return sortTaskFiles(rows.map(toTaskFileView));
}
