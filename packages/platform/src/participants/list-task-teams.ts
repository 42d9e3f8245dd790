import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export interface TaskTeamRow {
  id: string;
  name: string;
  members: string[];
  submissions: number;
  createdAt: Date;
  termsAccepted: boolean;
  approved: boolean;
  banned: boolean;
  disqualified: boolean;
}

/** Every team of a task with its members and standing, for the organisers' participants page. */
export async function listTaskTeams(
  input: { userId: string; slug: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ requiresApproval: boolean; terms: string; teams: TaskTeamRow[] }> {
  const { task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const teams = await ctx.db.team.findMany({
    where: { taskId: task.id },
    orderBy: { createdAt: "asc" },
    include: { memberships: { include: { user: { select: { name: true } } } }, _count: { select: { submissions: true } } },
  });
  return {
    requiresApproval: task.requiresApproval,
    terms: task.terms,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      members: t.memberships.map((m) => m.user.name),
      submissions: t._count.submissions,
      createdAt: t.createdAt,
      termsAccepted: t.termsAcceptedAt !== null,
      approved: t.approvedAt !== null,
      banned: t.bannedAt !== null,
      disqualified: t.disqualifiedAt !== null,
    })),
  };
}
