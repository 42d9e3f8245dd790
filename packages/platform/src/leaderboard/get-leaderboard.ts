import type { SubmissionRule } from "@hierboard/db";
import { isTaskOrganiser, requireTask } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { measureInfo } from "@hierboard/metrics";
import { measureLabel } from "../scoring/measure-catalogue.ts";
import { compareEntries, competitionRanks } from "./rank-entries.ts";

export interface LeaderboardScore {
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface Leaderboard {
  phase: { key: string; name: string; endsAt: Date };
  subtask: { key: string; name: string };
  primaryMeasure: string;
  primaryDirection: "HIGHER" | "LOWER";
  rule: SubmissionRule;
  /** A private phase's board stays hidden (no rows) until the phase ends, except for organisers. */
  hidden: boolean;
  measures: { key: string; label: string; higherIsBetter: boolean }[];
  rows: {
    rank: number | null;
    teamName: string;
    submissionId: string;
    submittedAt: Date;
    isBaseline: boolean;
    goldVersion: number;
    scores: Record<string, LeaderboardScore | undefined>;
  }[];
}

/**
 * One row per team (its best or last scored submission, by the phase's rule) plus baseline rows,
 * ordered and ranked by the subtask's primary measure, with every shown measure's value.
 */
export async function getLeaderboard(
  input: { slug: string; phaseKey: string; subtaskKey: string | null; viewerId: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<Leaderboard> {
  const task = await requireTask(ctx.db, input.slug);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: input.phaseKey } } });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${input.phaseKey}".`);
  const subtask = input.subtaskKey
    ? await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: input.subtaskKey } } })
    : await ctx.db.subtask.findFirst({ where: { taskId: task.id }, orderBy: { createdAt: "asc" } });
  if (!subtask) throw new AppError("NOT_FOUND", input.subtaskKey ? `No subtask "${input.subtaskKey}".` : "This task has no subtasks yet.");

  const viewer = input.viewerId ? await ctx.db.user.findUnique({ where: { id: input.viewerId }, select: { id: true, role: true } }) : null;
  const organiser = viewer ? await isTaskOrganiser(ctx.db, viewer, task.id) : false;
  const hidden = phase.visibility === "PRIVATE" && ctx.now() < phase.endsAt && !organiser;

  const board: Leaderboard = {
    phase: { key: phase.key, name: phase.name, endsAt: phase.endsAt },
    subtask: { key: subtask.key, name: subtask.name },
    primaryMeasure: subtask.primaryMeasure,
    primaryDirection: subtask.primaryDirection,
    rule: phase.rule,
    hidden,
    measures: subtask.measuresShown.map((key) => ({ key, label: measureLabel(key), higherIsBetter: (measureInfo(key)?.direction ?? "higher") === "higher" })),
    rows: [],
  };
  if (hidden) return board;

  const submissions = await ctx.db.submission.findMany({
    where: { phaseId: phase.id, subtaskId: subtask.id, status: "SCORED" },
    select: {
      id: true,
      teamId: true,
      isBaseline: true,
      label: true,
      createdAt: true,
      team: { select: { name: true } },
      scoreSets: {
        orderBy: { goldVersion: "desc" },
        take: 1,
        select: { goldVersion: true, scores: { where: { measure: { in: subtask.measuresShown } } } },
      },
    },
  });
  const entries = submissions.flatMap((s) => {
    const set = s.scoreSets[0];
    if (!set) return [];
    const scores: Record<string, LeaderboardScore> = {};
    for (const r of set.scores) scores[r.measure] = { value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh };
    return [{ s, set, scores, primary: scores[subtask.primaryMeasure]?.value ?? null, submittedAt: s.createdAt, isBaseline: s.isBaseline }];
  });

  const byTeam = new Map<string, (typeof entries)[number]>();
  const baselines: typeof entries = [];
  const cmp = (a: (typeof entries)[number], b: (typeof entries)[number]) => compareEntries(subtask.primaryDirection, a, b);
  for (const entry of entries) {
    if (entry.isBaseline || !entry.s.teamId) {
      baselines.push(entry);
      continue;
    }
    const current = byTeam.get(entry.s.teamId);
    const better = phase.rule === "LAST" ? !current || entry.submittedAt > current.submittedAt : !current || cmp(entry, current) < 0;
    if (better) byTeam.set(entry.s.teamId, entry);
  }
  const sorted = [...byTeam.values(), ...baselines].sort(cmp);
  const ranks = competitionRanks(sorted);
  board.rows = sorted.map((entry, i) => ({
    rank: ranks[i] ?? null,
    teamName: entry.s.team?.name ?? entry.s.label ?? "Baseline",
    submissionId: entry.s.id,
    submittedAt: entry.submittedAt,
    isBaseline: entry.isBaseline,
    goldVersion: entry.set.goldVersion,
    scores: entry.scores,
  }));
  return board;
}
