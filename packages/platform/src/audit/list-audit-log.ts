import type { Prisma } from "@hierboard/db";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export interface AuditLogEntry {
  id: string;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Prisma.JsonValue;
  createdAt: Date;
}

/** The audit trail of one task (task, taxonomies, subtasks, phases, gold, teams, submissions), newest first. */
export async function listAuditLog(
  input: { userId: string; slug: string; limit?: number },
  ctx: PlatformContext = platformContext(),
): Promise<AuditLogEntry[]> {
  const { task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const [taxonomies, subtasks, phases, teams, submissions] = await Promise.all([
    ctx.db.taxonomyVersion.findMany({ where: { taskId: task.id }, select: { id: true } }),
    ctx.db.subtask.findMany({ where: { taskId: task.id }, select: { id: true } }),
    ctx.db.phase.findMany({ where: { taskId: task.id }, select: { id: true } }),
    ctx.db.team.findMany({ where: { taskId: task.id }, select: { id: true } }),
    ctx.db.submission.findMany({ where: { phase: { taskId: task.id } }, select: { id: true } }),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const rows = await ctx.db.auditLog.findMany({
    where: {
      OR: [
        { targetType: "task", targetId: task.id },
        { targetType: "taxonomyVersion", targetId: { in: ids(taxonomies) } },
        { targetType: "subtask", targetId: { in: ids(subtasks) } },
        { targetType: "phase", targetId: { in: ids(phases) } },
        { targetType: "team", targetId: { in: ids(teams) } },
        { targetType: "submission", targetId: { in: ids(submissions) } },
      ],
    },
    orderBy: { createdAt: "desc" },
    take: input.limit ?? 200,
    include: { actor: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    actorName: r.actor?.name ?? null,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details,
    createdAt: r.createdAt,
  }));
}
