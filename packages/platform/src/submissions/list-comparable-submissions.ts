import { isTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { loadReadableSubmission } from "./load-readable-submission.ts";

export interface ComparableSubmission {
  id: string;
  teamName: string | null;
  isBaseline: boolean;
  fileName: string;
  createdAt: Date;
}

/**
 * The scored submissions of the same subtask and phase that `viewerId` may compare a submission
 * with (newest first, at most 200): every one once the phase has ended or for organisers, and
 * otherwise only the viewer's own team's and the baselines.
 */
export async function listComparableSubmissions(
  input: { id: string; viewerId: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<ComparableSubmission[]> {
  const s = await loadReadableSubmission(input, ctx);
  let scope: "all" | "own" = ctx.now() >= s.phase.endsAt ? "all" : "own";
  let teamIds: string[] = [];
  if (scope === "own" && input.viewerId) {
    const viewer = await ctx.db.user.findUnique({ where: { id: input.viewerId }, select: { id: true, role: true } });
    if (viewer && (await isTaskOrganiser(ctx.db, viewer, s.phase.taskId))) scope = "all";
    else
      teamIds = (
        await ctx.db.membership.findMany({ where: { userId: input.viewerId, taskId: s.phase.taskId }, select: { teamId: true } })
      ).map((m) => m.teamId);
  }
  const rows = await ctx.db.submission.findMany({
    where: {
      phaseId: s.phaseId,
      subtaskId: s.subtaskId,
      status: "SCORED",
      id: { not: s.id },
      ...(scope === "own" ? { OR: [{ isBaseline: true }, { teamId: { in: teamIds } }] } : {}),
    },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, fileName: true, isBaseline: true, label: true, createdAt: true, team: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    teamName: r.team?.name ?? r.label ?? null,
    isBaseline: r.isBaseline,
    fileName: r.fileName,
    createdAt: r.createdAt,
  }));
}
