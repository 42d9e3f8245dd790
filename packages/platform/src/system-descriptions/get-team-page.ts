import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { getLeaderboard } from "../leaderboard/get-leaderboard.ts";
import { teamIsApproved } from "../participants/require-team-may-submit.ts";
import { getTaskOverview } from "../tasks/get-task-overview.ts";
import { publicDisplayName } from "../users/public-display-name.ts";
import { descriptionsOpen, teamDescriptionsDeadline } from "./descriptions-deadline.ts";
import type { SystemDescription } from "./system-description-fields.ts";

/** One counted run of the team on one board, as that board shows it to the viewer. */
export interface TeamPageRun extends SystemDescription {
  submissionId: string;
  /** The uploaded file's name. */
  fileName: string;
  /** Null on a board the viewer sees unranked (a private phase's own rows) and for runs with no value. */
  rank: number | null;
  primary: { measure: string; value: number | null };
  submittedAt: Date;
}

export interface TeamPageBoard {
  subtask: { key: string; name: string };
  /** Why the board shows nothing yet (a private phase before its end, a blind phase before its results). */
  hiddenBy: "PRIVATE" | "BLIND" | null;
  runs: TeamPageRun[];
}

export interface TeamPagePhase {
  key: string;
  name: string;
  endsAt: Date;
  descriptionsCloseAt: Date | null;
  descriptionsOpen: boolean;
  boards: TeamPageBoard[];
}

export interface TeamPage {
  task: { slug: string; title: string; status: "DRAFT" | "PUBLISHED" | "ARCHIVED" };
  team: { id: string; name: string } & SystemDescription;
  /** Display names, never addresses. */
  members: string[];
  phases: TeamPagePhase[];
  /** The team's own description: open while any phase takes descriptions. */
  descriptions: { open: boolean; closesAt: Date | null };
  viewer: { isMember: boolean };
}

/**
 * A team's public page: its name, members, system description and the runs that count for it on
 * each board. The runs are read from the boards themselves (`getLeaderboard`, as this viewer sees
 * them), so blind and private phases, unpublished results, drafts and disqualified teams follow
 * the board's rules. A team waiting for approval or disqualified has no public page: only its
 * members and the task's organisers see it. Unknown, hidden or foreign teams are NOT_FOUND.
 */
export async function getTeamPage(
  input: { slug: string; teamId: string; viewerId: string | null; previewToken?: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<TeamPage> {
  const notFound = new AppError("NOT_FOUND", `No team "${input.teamId}" in this task.`);
  const overview = await getTaskOverview({ slug: input.slug, viewerId: input.viewerId, previewToken: input.previewToken }, ctx);
  if (!overview) throw new AppError("NOT_FOUND", `No task "${input.slug}".`);
  const team = await ctx.db.team.findFirst({
    where: { id: input.teamId, task: { slug: input.slug } },
    select: {
      id: true,
      name: true,
      approvedAt: true,
      disqualifiedAt: true,
      systemName: true,
      systemDescription: true,
      paperUrl: true,
      task: { select: { requiresApproval: true } },
      memberships: { orderBy: { joinedAt: "asc" }, select: { userId: true, user: { select: { name: true } } } },
    },
  });
  if (!team) throw notFound;
  const isMember = team.memberships.some((m) => m.userId === input.viewerId);
  const listed = team.disqualifiedAt === null && teamIsApproved(team.task, team);
  if (!listed && !isMember && !overview.viewer.isOrganiser) throw notFound;

  const now = ctx.now();
  const phases = await Promise.all(
    overview.phases.map(async (phase) => ({
      key: phase.key,
      name: phase.name,
      endsAt: phase.endsAt,
      descriptionsCloseAt: phase.descriptionsCloseAt,
      descriptionsOpen: descriptionsOpen(phase, now),
      boards: await Promise.all(
        overview.subtasks.map(async (subtask): Promise<TeamPageBoard> => {
          const board = await getLeaderboard(
            { slug: input.slug, phaseKey: phase.key, subtaskKey: subtask.key, viewerId: input.viewerId, previewToken: input.previewToken },
            ctx,
          );
          const rows = board.rows.filter((row) => row.teamId === team.id);
          return {
            subtask: { key: subtask.key, name: subtask.name },
            hiddenBy: board.hidden && rows.length === 0 ? (board.hiddenBy ?? "PRIVATE") : null,
            runs: rows.map((row) => ({
              submissionId: row.submissionId,
              fileName: "",
              rank: row.rank,
              primary: { measure: board.primaryMeasure, value: row.scores[board.primaryMeasure]?.value ?? null },
              submittedAt: row.submittedAt,
              systemName: "",
              systemDescription: "",
              paperUrl: "",
            })),
          };
        }),
      ),
    })),
  );
  await fillRunDetails(phases, ctx);
  return {
    task: { slug: overview.task.slug, title: overview.task.title, status: overview.task.status },
    team: { id: team.id, name: team.name, systemName: team.systemName, systemDescription: team.systemDescription, paperUrl: team.paperUrl },
    members: team.memberships.map((m) => publicDisplayName(m.user.name)),
    phases,
    descriptions: teamDescriptionsDeadline(overview.phases, now),
    viewer: { isMember },
  };
}

/** The shown runs' file names and descriptions, in one query (never the files' bytes). */
async function fillRunDetails(phases: readonly TeamPagePhase[], ctx: PlatformContext): Promise<void> {
  const runs = phases.flatMap((p) => p.boards.flatMap((b) => b.runs));
  if (runs.length === 0) return;
  const details = await ctx.db.submission.findMany({
    where: { id: { in: runs.map((r) => r.submissionId) } },
    select: { id: true, fileName: true, systemName: true, systemDescription: true, paperUrl: true },
  });
  const byId = new Map(details.map((d) => [d.id, d]));
  for (const run of runs) {
    const d = byId.get(run.submissionId);
    if (!d) continue;
    run.fileName = d.fileName;
    run.systemName = d.systemName;
    run.systemDescription = d.systemDescription;
    run.paperUrl = d.paperUrl;
  }
}
