import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export interface PublicTaskSummary {
  slug: string;
  title: string;
  /** First line of the description, markdown emphasis removed. */
  summary: string;
  subtaskCount: number;
  teamCount: number;
  currentPhase: { name: string; startsAt: Date; endsAt: Date } | undefined;
}

export async function listPublicTasks(ctx: PlatformContext = platformContext()): Promise<PublicTaskSummary[]> {
  const now = ctx.now();
  const tasks = await ctx.db.task.findMany({
    where: { status: "PUBLISHED" },
    orderBy: { createdAt: "desc" },
    include: {
      _count: { select: { subtasks: true, teams: true } },
      phases: { where: { archivedAt: null, startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { startsAt: "asc" }, take: 1 },
    },
  });
  return tasks.map((t) => {
    const phase = t.phases[0];
    return {
      slug: t.slug,
      title: t.title,
      summary: (t.description.split("\n").find((line) => line.trim() !== "") ?? "").replace(/[*_`#>]/g, "").trim(),
      subtaskCount: t._count.subtasks,
      teamCount: t._count.teams,
      currentPhase: phase ? { name: phase.name, startsAt: phase.startsAt, endsAt: phase.endsAt } : undefined,
    };
  });
}
