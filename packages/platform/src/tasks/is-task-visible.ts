import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { canSeeTask } from "./task-visibility.ts";

/**
 * Whether a task exists and the viewer may see it (see `canSeeTask`), in two small queries: the
 * gate a task page's layout runs before it streams, so that a hidden draft is a real 404.
 */
export async function isTaskVisible(
  input: { slug: string; viewerId: string | null; previewToken?: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<boolean> {
  const task = await ctx.db.task.findUnique({ where: { slug: input.slug }, select: { id: true, status: true, previewToken: true } });
  if (!task) return false;
  const viewer = input.viewerId ? await ctx.db.user.findUnique({ where: { id: input.viewerId }, select: { id: true, role: true } }) : null;
  return canSeeTask(ctx.db, viewer, task, input.previewToken);
}
