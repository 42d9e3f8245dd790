import type { Prisma } from "@hierboard/db";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { readableAudit, type ReadableAudit } from "./audit-changes.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export interface AuditLogEntry {
  id: string;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Prisma.JsonValue;
  /** What the target is called: the task's slug, "taxonomy v2", a subtask's or phase's name, a team's name, a submission's file and team. */
  targetName: string;
  /** The details as a readable diff, with names instead of ids. */
  readable: ReadableAudit;
  createdAt: Date;
}

/** The audit trail of one task (task, taxonomies, subtasks, phases, gold, teams, submissions), newest first. */
export async function listAuditLog(
  input: { userId: string; slug: string; limit?: number },
  ctx: PlatformContext = platformContext(),
): Promise<AuditLogEntry[]> {
  const { task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const [taxonomies, subtasks, phases, teams, submissions] = await Promise.all([
    ctx.db.taxonomyVersion.findMany({ where: { taskId: task.id }, select: { id: true, version: true } }),
    ctx.db.subtask.findMany({ where: { taskId: task.id }, select: { id: true, name: true } }),
    ctx.db.phase.findMany({ where: { taskId: task.id }, select: { id: true, name: true } }),
    ctx.db.team.findMany({ where: { taskId: task.id }, select: { id: true, name: true } }),
    ctx.db.submission.findMany({
      where: { phase: { taskId: task.id } },
      select: { id: true, fileName: true, label: true, team: { select: { name: true } } },
    }),
  ]);
  const owners = await ctx.db.taskOwner.findMany({ where: { taskId: task.id }, select: { user: { select: { id: true, name: true } } } });
  const names = new Map<string, string>([
    [task.id, task.slug],
    ...taxonomies.map((t) => [t.id, `taxonomy v${t.version}`] as const),
    ...subtasks.map((t) => [t.id, `subtask ${t.name}`] as const),
    ...phases.map((t) => [t.id, `phase ${t.name}`] as const),
    ...teams.map((t) => [t.id, `team ${t.name}`] as const),
    ...submissions.map((s) => [s.id, `${s.fileName} (${s.team?.name ?? s.label ?? "baseline"})`] as const),
    ...owners.map((o) => [o.user.id, o.user.name] as const),
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
    targetName: names.get(r.targetId) ?? `${r.targetType} ${r.targetId.slice(-8)}`,
    readable: readableAudit(r.details, names),
    createdAt: r.createdAt,
  }));
}
