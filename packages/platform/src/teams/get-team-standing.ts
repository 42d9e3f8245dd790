import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { getLeaderboard } from "../leaderboard/get-leaderboard.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import { startOfUtcDay } from "../submissions/submission-limits.ts";
import { usedSubmissionsWhere } from "../submissions/used-submissions.ts";

export interface TeamStanding {
  phaseKey: string;
  phaseName: string;
  subtaskKey: string;
  subtaskName: string;
  rule: "BEST" | "LAST";
  /** "Up to N selected runs count" (null: `rule` picks the counted run). */
  finalRuns: number | null;
  finalRunsBoard: "RUNS" | "TEAM_BEST";
  usedToday: number;
  usedTotal: number;
  /** null = no limit. */
  remainingToday: number | null;
  remainingTotal: number | null;
  /** When today's count starts again: the next 00:00 UTC. */
  resetsAt: Date;
  /** A blind phase before its results are published: the team sees "scored" without values or rank. */
  scoresHidden: boolean;
  /** Of the used ones, how many are scored. */
  scoredTotal: number;
  /** The submission the board ranks for the team now (its best or last scored one, or its best counted final run), if any. */
  counting: { id: string; fileName: string; rank: number | null } | null;
}

/**
 * Where a team stands in each open phase and subtask: submissions left today and in total (the
 * same count the limits enforce), when the day resets, and which submission the board counts (read
 * from the board itself, so the rule lives in one place).
 */
export async function getTeamStanding(
  input: { slug: string; userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<TeamStanding[]> {
  const now = ctx.now();
  const task = await ctx.db.task.findUnique({
    where: { slug: input.slug },
    include: {
      subtasks: { where: { archivedAt: null }, orderBy: { createdAt: "asc" } },
      phases: { where: { archivedAt: null, startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { startsAt: "asc" } },
    },
  });
  if (!task) return [];
  const membership = await ctx.db.membership.findUnique({
    where: { taskId_userId: { taskId: task.id, userId: input.userId } },
    include: { team: { select: { id: true, name: true } } },
  });
  if (!membership) return [];
  const dayStart = startOfUtcDay(now);
  const standings: TeamStanding[] = [];
  for (const phase of task.phases) {
    for (const subtask of task.subtasks) {
      const used = usedSubmissionsWhere({ teamId: membership.teamId, phaseId: phase.id, subtaskId: subtask.id });
      const [usedTotal, usedToday, scoredTotal] = await Promise.all([
        ctx.db.submission.count({ where: used }),
        ctx.db.submission.count({ where: { ...used, createdAt: { gte: dayStart } } }),
        ctx.db.submission.count({ where: { ...used, status: "SCORED" } }),
      ]);
      const board = await getLeaderboard(
        { slug: task.slug, phaseKey: phase.key, subtaskKey: subtask.key, viewerId: input.userId },
        ctx,
      ).catch(() => null);
      const row = board?.rows.find((r) => !r.isBaseline && r.teamName === membership.team.name);
      const file = row ? await ctx.db.submission.findUnique({ where: { id: row.submissionId }, select: { fileName: true } }) : null;
      standings.push({
        phaseKey: phase.key,
        phaseName: phase.name,
        subtaskKey: subtask.key,
        subtaskName: subtask.name,
        rule: phase.rule,
        finalRuns: phase.finalRuns,
        finalRunsBoard: phase.finalRunsBoard,
        usedToday,
        usedTotal,
        remainingToday: phase.dailyLimit === null ? null : Math.max(0, phase.dailyLimit - usedToday),
        remainingTotal: phase.totalLimit === null ? null : Math.max(0, phase.totalLimit - usedTotal),
        resetsAt: new Date(dayStart.getTime() + 86_400_000),
        scoresHidden: !resultsVisibility(phase, now).teamSeesScores,
        scoredTotal,
        counting: row && file ? { id: row.submissionId, fileName: file.fileName, rank: row.rank } : null,
      });
    }
  }
  return standings;
}
