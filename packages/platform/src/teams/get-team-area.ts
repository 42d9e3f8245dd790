import type { GoldPart } from "../gold-split/gold-part.ts";
import { withShownPart } from "../gold-split/with-shown-part.ts";
import type { SubmissionStatus, TeamRole } from "@hierboard/db";
import { resultsVisibility, type PhaseResultsFields } from "../phases/results-visibility.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { phaseWithGold, toPublicPhaseView, toSubtaskView, type PhaseView, type SubtaskView } from "../tasks/task-views.ts";

export interface TeamArea {
  task: { slug: string; title: string; terms: string; requiresApproval: boolean };
  /** The team's standing: waiting for approval, banned or disqualified. */
  standing: "ok" | "awaiting-approval" | "banned" | "disqualified" | null;
  team: { id: string; name: string; inviteCode: string | null; members: { id: string; name: string; role: TeamRole }[] } | null;
  phases: PhaseView[];
  subtasks: SubtaskView[];
  submissions: {
    id: string;
    fileName: string;
    subtaskKey: string;
    subtaskName: string;
    phaseKey: string;
    phaseName: string;
    status: SubmissionStatus;
    errorMessage: string | null;
    primaryMeasure: string | null;
    /** The part of the gold the scores are on: "all", or in a split phase "public" until the private part is shown. */
    part: GoldPart;
    primaryValue: number | null;
    /** Blind phase, results not yet published: the status says "scored", the value is withheld. */
    scoreHidden: boolean;
    /** The primary score against every gold version it was scored on, newest first (empty when hidden). */
    versions: { goldVersion: number; value: number | null }[];
    createdAt: Date;
    uploaderName: string;
  }[];
}

function withheldScore(phase: PhaseResultsFields, now: Date, value: number | null): { primaryValue: number | null; scoreHidden: boolean } {
  return resultsVisibility(phase, now).teamSeesScores
    ? { primaryValue: value, scoreHidden: false }
    : { primaryValue: null, scoreHidden: true };
}

/** The user's team in a task and its submission history, newest first; null if there is no such task. */
export async function getTeamArea(
  input: { slug: string; userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<TeamArea | null> {
  const task = await ctx.db.task.findUnique({
    where: { slug: input.slug },
    include: {
      subtasks: { where: { archivedAt: null }, orderBy: { createdAt: "asc" } },
      phases: { where: { archivedAt: null }, orderBy: { startsAt: "asc" }, include: phaseWithGold },
    },
  });
  if (!task) return null;
  const membership = await ctx.db.membership.findUnique({
    where: { taskId_userId: { taskId: task.id, userId: input.userId } },
    include: {
      team: {
        include: {
          memberships: { orderBy: { joinedAt: "asc" }, include: { user: { select: { id: true, name: true } } } },
          invitations: {
            where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: ctx.now() } }] },
            orderBy: { createdAt: "desc" },
            take: 1,
          },
        },
      },
    },
  });
  const team = membership?.team ?? null;
  const submissions = team
    ? await ctx.db.submission.findMany({
        where: { teamId: team.id },
        orderBy: { createdAt: "desc" },
        omit: { content: true },
        include: {
          uploader: { select: { name: true } },
          subtask: { select: { key: true, name: true, primaryMeasure: true } },
          phase: {
            select: { key: true, name: true, visibility: true, blind: true, endsAt: true, resultsPublishedAt: true, publicFraction: true },
          },
          scoreSets: {
            orderBy: { goldVersion: "desc" },
            select: { goldVersion: true, part: true, scores: { select: { measure: true, value: true } } },
          },
        },
      })
    : [];
  // In a split phase, the part it shows (the public one while the private part is hidden).
  const shown = submissions.map((s) => withShownPart(s, ctx.now()));
  return {
    task: { slug: task.slug, title: task.title, terms: task.terms, requiresApproval: task.requiresApproval },
    standing: !team
      ? null
      : team.disqualifiedAt
        ? "disqualified"
        : team.bannedAt
          ? "banned"
          : task.requiresApproval && !team.approvedAt
            ? "awaiting-approval"
            : "ok",
    team: team
      ? {
          id: team.id,
          name: team.name,
          inviteCode: team.invitations[0]?.code ?? null,
          members: team.memberships.map((m) => ({ id: m.user.id, name: m.user.name, role: m.role })),
        }
      : null,
    phases: task.phases.map((phase) => toPublicPhaseView(phase, ctx.now())),
    subtasks: task.subtasks.map(toSubtaskView),
    submissions: shown.map((s) => ({
      id: s.id,
      fileName: s.fileName,
      subtaskKey: s.subtask.key,
      subtaskName: s.subtask.name,
      phaseKey: s.phase.key,
      phaseName: s.phase.name,
      status: s.status,
      errorMessage: s.errorMessage,
      primaryMeasure: s.subtask.primaryMeasure,
      part: s.part,
      ...withheldScore(s.phase, ctx.now(), s.scoreSets[0]?.scores.find((r) => r.measure === s.subtask.primaryMeasure)?.value ?? null),
      versions: resultsVisibility(s.phase, ctx.now()).teamSeesScores
        ? s.scoreSets.map((set) => ({
            goldVersion: set.goldVersion,
            value: set.scores.find((r) => r.measure === s.subtask.primaryMeasure)?.value ?? null,
          }))
        : [],
      createdAt: s.createdAt,
      uploaderName: s.uploader.name,
    })),
  };
}
