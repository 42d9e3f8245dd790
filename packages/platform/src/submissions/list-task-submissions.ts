import { withShownPart } from "../gold-split/with-shown-part.ts";
import type { SubmissionStatus } from "@hierboard/db";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export interface TaskSubmissionRow {
  id: string;
  teamName: string | null;
  teamId: string | null;
  invalidated: boolean;
  isBaseline: boolean;
  fileName: string;
  subtaskKey: string;
  phaseKey: string;
  status: SubmissionStatus;
  errorMessage: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  uploaderName: string;
  primaryMeasure: string;
  /** Against the newest gold version the submission was scored on (`goldVersion`). */
  primaryValue: number | null;
  goldVersion: number | null;
  /** Every gold version with a stored score set, newest first: older ones are kept as versions. */
  scoredGoldVersions: number[];
}

/**
 * Every submission of a task for its organisers (optionally of one phase, team, status or subtask), newest first (at most `limit`, default 500), with
 * status, error, the primary score and the gold versions it has scores for. FORBIDDEN otherwise.
 */
export async function listTaskSubmissions(
  input: {
    userId: string;
    slug: string;
    phaseKey?: string;
    teamId?: string;
    status?: SubmissionStatus;
    subtaskKey?: string;
    limit?: number;
  },
  ctx: PlatformContext = platformContext(),
): Promise<TaskSubmissionRow[]> {
  const { task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const found = await ctx.db.submission.findMany({
    where: {
      phase: { taskId: task.id, ...(input.phaseKey ? { key: input.phaseKey } : {}) },
      ...(input.teamId ? { teamId: input.teamId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.subtaskKey ? { subtask: { key: input.subtaskKey } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(input.limit ?? 500, 1), 2000),
    omit: { content: true },
    include: {
      team: { select: { name: true } },
      uploader: { select: { name: true } },
      subtask: { select: { key: true, primaryMeasure: true } },
      phase: { select: { key: true, publicFraction: true, endsAt: true, blind: true, resultsPublishedAt: true } },
      scoreSets: { orderBy: { goldVersion: "desc" }, select: { goldVersion: true, part: true } },
    },
  });
  // A split phase's scores are the part it shows (see shownPart), for organisers too.
  const rows = found.map((r) => withShownPart(r, ctx.now()));
  const newest = new Map<string, number>();
  for (const r of rows) if (r.scoreSets[0]) newest.set(r.id, r.scoreSets[0].goldVersion);
  const primaries = await ctx.db.score.findMany({
    where: {
      OR: rows
        .filter((r) => newest.has(r.id))
        .map((r) => ({ submissionId: r.id, goldVersion: newest.get(r.id)!, measure: r.subtask.primaryMeasure, part: r.part })),
    },
    select: { submissionId: true, value: true },
  });
  const primaryBy = new Map(primaries.map((p) => [p.submissionId, p.value]));
  return rows.map((r) => ({
    id: r.id,
    teamName: r.team?.name ?? r.label ?? null,
    teamId: r.teamId,
    invalidated: r.invalidatedAt !== null,
    isBaseline: r.isBaseline,
    fileName: r.fileName,
    subtaskKey: r.subtask.key,
    phaseKey: r.phase.key,
    status: r.status,
    errorMessage: r.errorMessage,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    uploaderName: r.uploader.name,
    primaryMeasure: r.subtask.primaryMeasure,
    primaryValue: primaryBy.get(r.id) ?? null,
    goldVersion: newest.get(r.id) ?? null,
    scoredGoldVersions: r.scoreSets.map((s) => s.goldVersion),
  }));
}
