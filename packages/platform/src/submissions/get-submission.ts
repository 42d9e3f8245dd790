import type { GoldPart } from "../gold-split/gold-part.ts";
import { withShownPart } from "../gold-split/with-shown-part.ts";
import type { SubmissionStatus } from "@hierboard/db";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { measureLabel } from "../scoring/measure-catalogue.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import { loadScoreHistory, type ScoreHistoryEntry } from "./load-score-history.ts";
import { canReadSubmission, viewerOrganises } from "./submission-access.ts";

export interface SubmissionScore {
  measure: string;
  label: string;
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface SubmissionDetails {
  id: string;
  taskSlug: string;
  fileName: string;
  teamName: string | null;
  isBaseline: boolean;
  subtaskKey: string;
  subtaskName: string;
  phaseKey: string;
  phaseName: string;
  status: SubmissionStatus;
  errorMessage: string | null;
  primaryMeasure: string;
  measuresShown: string[];
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  contentHash: string;
  sizeBytes: number;
  uploaderName: string;
  /** True in a blind phase before its results are published (for all but organisers): no scores, no report. */
  scoresHidden: boolean;
  /** The part of the gold the scores are on: "all", or in a split phase "public" until the private part is shown. */
  part: GoldPart;
  /** The primary score against every gold version it was scored on, newest first (re-scoring keeps old ones). */
  primaryByGoldVersion: { goldVersion: number; value: number | null }[];
  /** The same history with when each was scored and its gold uploaded; the first entry is the current one. Empty while scores are hidden. */
  scoreHistory: ScoreHistoryEntry[];
  /** The phase's newest gold version; above the history's current one while a re-score is pending. */
  phaseGoldVersion: number | null;
  /** Scores against the newest gold version this submission was scored on. */
  scores: SubmissionScore[];
  /** The full report (per level, per subtree, confusion counts), reproducibility hashes and warnings. */
  report: {
    goldVersion: number;
    breakdown: unknown;
    warnings: string[];
    documents: number;
    engineVersion: string;
    taxonomyHash: string;
    /** Organisers (and admins) only until the phase ends; null for everyone else before then. */
    goldHash: string | null;
  } | null;
}

/**
 * A submission with its scores and report. Its team, the organisers and admins may read it at any
 * time, everyone else after the phase ends (FORBIDDEN before). The uploaded file is not returned.
 */
export async function getSubmission(
  input: { id: string; viewerId: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<SubmissionDetails> {
  const found = await ctx.db.submission.findUnique({
    where: { id: input.id },
    omit: { content: true },
    include: {
      team: { select: { name: true } },
      uploader: { select: { name: true } },
      subtask: { select: { key: true, name: true, primaryMeasure: true, measuresShown: true } },
      phase: {
        select: {
          id: true,
          key: true,
          name: true,
          taskId: true,
          endsAt: true,
          visibility: true,
          blind: true,
          resultsPublishedAt: true,
          publicFraction: true,
          task: { select: { slug: true, status: true } },
        },
      },
      scoreSets: { orderBy: { goldVersion: "desc" }, include: { scores: { orderBy: { measure: "asc" } } } },
    },
  });
  const s = found && withShownPart(found, ctx.now());
  if (!s) throw new AppError("NOT_FOUND", "No such submission.");
  if (!(await canReadSubmission(ctx.db, input.viewerId, s, s.phase, ctx.now()))) {
    throw new AppError("FORBIDDEN", "Only the team and the organisers see this submission before the phase ends.");
  }
  const organises = await viewerOrganises(ctx.db, input.viewerId, s.phase.taskId);
  const showGoldHash = ctx.now() >= s.phase.endsAt || organises;
  const scoresHidden = !resultsVisibility(s.phase, ctx.now()).teamSeesScores && !organises;
  const set = scoresHidden ? undefined : s.scoreSets[0];
  const [history, phaseGold] = await Promise.all([
    scoresHidden
      ? []
      : loadScoreHistory(ctx.db, { submissionId: s.id, phaseId: s.phase.id, primaryMeasure: s.subtask.primaryMeasure, part: s.part }),
    ctx.db.goldVersion.findFirst({ where: { phaseId: s.phase.id }, orderBy: { version: "desc" }, select: { version: true } }),
  ]);
  return {
    id: s.id,
    taskSlug: s.phase.task.slug,
    fileName: s.fileName,
    teamName: s.team?.name ?? s.label ?? null,
    isBaseline: s.isBaseline,
    subtaskKey: s.subtask.key,
    subtaskName: s.subtask.name,
    phaseKey: s.phase.key,
    phaseName: s.phase.name,
    status: s.status,
    errorMessage: s.errorMessage,
    primaryMeasure: s.subtask.primaryMeasure,
    measuresShown: s.subtask.measuresShown,
    createdAt: s.createdAt,
    startedAt: s.startedAt,
    finishedAt: s.finishedAt,
    contentHash: s.contentHash,
    sizeBytes: s.sizeBytes,
    uploaderName: s.uploader.name,
    scoresHidden,
    part: s.part,
    primaryByGoldVersion: history.map((h) => ({ goldVersion: h.goldVersion, value: h.primary })),
    scoreHistory: history,
    phaseGoldVersion: phaseGold?.version ?? null,
    scores: (set?.scores ?? []).map((r) => ({
      measure: r.measure,
      label: measureLabel(r.measure),
      value: r.value,
      ciLow: r.ciLow,
      ciHigh: r.ciHigh,
    })),
    report: set
      ? {
          goldVersion: set.goldVersion,
          breakdown: set.breakdown,
          warnings: set.warnings,
          documents: set.documents,
          engineVersion: set.engineVersion,
          taxonomyHash: set.taxonomyHash,
          goldHash: showGoldHash ? set.goldHash : null,
        }
      : null,
  };
}
