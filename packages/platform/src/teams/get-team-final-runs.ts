import { selectionPart } from "../gold-split/visible-part.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { countedRunsOfTeam } from "../leaderboard/final-run-entries.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import { primaryDirectionOf } from "../scoring/measure-catalogue.ts";
import { startOfUtcDay } from "../submissions/submission-limits.ts";

export interface FinalRunsBlock {
  phaseKey: string;
  phaseName: string;
  subtaskKey: string;
  subtaskName: string;
  /** "Up to N selected runs count"; null = the phase's rule picks one run. */
  finalRuns: number | null;
  rule: "BEST" | "LAST";
  finalRunsBoard: "RUNS" | "TEAM_BEST";
  primaryMeasure: string;
  /** Blind phase before its results are published: no `primary` values, and `counts` may be null. */
  scoresHidden: boolean;
  /** Selection still possible (before the deadline). */
  open: boolean;
  endsAt: Date;
  leftToday: number | null;
  leftInTotal: number | null;
  /** The team chose its runs itself (else: default best N). */
  teamSelected: boolean;
  runs: {
    id: string;
    fileName: string;
    createdAt: Date;
    status: string;
    selected: boolean;
    counts: boolean | null;
    invalidated: boolean;
    /** The primary score against the newest gold version it was scored on; null if none or hidden. */
    primary: number | null;
  }[];
}

/**
 * For the team page: per phase and subtask, the submissions left today (UTC) and in total, which
 * runs count, and (with final runs) which the team selected. `counts` is null where telling it
 * would reveal a blind phase's scores (the best run, before the results are published).
 */
export async function getTeamFinalRuns(
  input: { slug: string; userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<FinalRunsBlock[]> {
  const task = await ctx.db.task.findUnique({ where: { slug: input.slug }, select: { id: true } });
  if (!task) return [];
  const membership = await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: input.userId } } });
  if (!membership) return [];
  const now = ctx.now();
  const [phases, subtasks, submissions] = await Promise.all([
    ctx.db.phase.findMany({ where: { taskId: task.id }, orderBy: { startsAt: "asc" } }),
    ctx.db.subtask.findMany({ where: { taskId: task.id }, orderBy: { createdAt: "asc" } }),
    ctx.db.submission.findMany({
      where: { teamId: membership.teamId, isBaseline: false },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        fileName: true,
        createdAt: true,
        status: true,
        phaseId: true,
        subtaskId: true,
        selectedAt: true,
        invalidatedAt: true,
        subtask: { select: { primaryMeasure: true } },
        scoreSets: { orderBy: { goldVersion: "desc" }, select: { part: true, scores: { select: { measure: true, value: true } } } },
      },
    }),
  ]);
  const dayStart = startOfUtcDay(now);
  return phases.flatMap((phase) =>
    subtasks.map((subtask) => {
      const mine = submissions.filter((s) => s.phaseId === phase.id && s.subtaskId === subtask.id);
      // In a split phase, best means best on the public part.
      const part = selectionPart(phase);
      const primaryOf = (s: (typeof mine)[number]) =>
        s.scoreSets.find((set) => set.part === part)?.scores.find((r) => r.measure === subtask.primaryMeasure)?.value ?? null;
      const used = mine.filter((s) => s.status !== "FAILED");
      const scored = mine
        .filter((s) => s.status === "SCORED" && s.invalidatedAt === null)
        .map((s) => ({
          submissionId: s.id,
          teamId: membership.teamId,
          isBaseline: false,
          submittedAt: s.createdAt,
          selected: s.selectedAt !== null,
          primary: primaryOf(s),
        }));
      const seesScores = resultsVisibility(phase, now).teamSeesScores;
      const teamSelected = mine.some((s) => s.selectedAt !== null);
      let counting: Set<string> | null;
      if (phase.finalRuns !== null) {
        counting = seesScores
          ? new Set(countedRunsOfTeam(scored, phase.finalRuns, primaryDirectionOf(subtask.primaryMeasure)).map((r) => r.submissionId))
          : countingWithoutScores(scored, phase.finalRuns);
      } else if (phase.rule === "LAST") {
        const last = [...scored].sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())[0];
        counting = new Set(last ? [last.submissionId] : []);
      } else {
        counting = seesScores
          ? new Set(countedRunsOfTeam(scored, 1, primaryDirectionOf(subtask.primaryMeasure)).map((r) => r.submissionId))
          : null;
      }
      return {
        phaseKey: phase.key,
        phaseName: phase.name,
        subtaskKey: subtask.key,
        subtaskName: subtask.name,
        finalRuns: phase.finalRuns,
        rule: phase.rule,
        finalRunsBoard: phase.finalRunsBoard,
        primaryMeasure: subtask.primaryMeasure,
        scoresHidden: !seesScores,
        open: now < phase.endsAt,
        endsAt: phase.endsAt,
        leftToday: phase.dailyLimit === null ? null : Math.max(0, phase.dailyLimit - used.filter((s) => s.createdAt >= dayStart).length),
        leftInTotal: phase.totalLimit === null ? null : Math.max(0, phase.totalLimit - used.length),
        teamSelected,
        runs: mine.map((s) => ({
          id: s.id,
          fileName: s.fileName,
          createdAt: s.createdAt,
          status: s.status,
          selected: s.selectedAt !== null,
          counts: counting === null ? null : counting.has(s.id),
          invalidated: s.invalidatedAt !== null,
          primary: seesScores && s.status === "SCORED" ? primaryOf(s) : null,
        })),
      };
    }),
  );
}

/**
 * Which runs count while the team may not see its scores (a blind phase before its results are
 * published), or null when the answer depends on those scores. The board counts the team's
 * selected scored runs, best N of them; when it selected none that is scored (nothing selected,
 * or its choices still queued, failed or invalidated) it falls back to the best N of all: both
 * "best" choices rank by the hidden score, so only a selection of at most N scored runs, which
 * all count whatever their scores, can be told.
 */
function countingWithoutScores(scored: readonly { submissionId: string; selected: boolean }[], n: number): Set<string> | null {
  const selected = scored.filter((run) => run.selected);
  if (selected.length === 0 || selected.length > n) return null;
  return new Set(selected.map((run) => run.submissionId));
}
