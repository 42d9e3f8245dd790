import { platformContext, type PlatformContext } from "../context/platform-context.ts";

/** The tasks the user owns (all tasks for an admin). */
export async function listOrganisedTasks(
  input: { userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ slug: string; title: string; createdAt: Date }[]> {
  const user = await ctx.db.user.findUnique({ where: { id: input.userId } });
  if (!user) return [];
  return ctx.db.task.findMany({
    where: user.role === "ADMIN" ? {} : { owners: { some: { userId: user.id } } },
    orderBy: { createdAt: "desc" },
    select: { slug: true, title: true, createdAt: true },
  });
}
