import type { GoldPart } from "../gold-split/gold-part.ts";
import type { Db } from "@hierboard/db";
import type { LeaderboardScore } from "./board-types.ts";

/** A scored submission of a board, with its latest score set's primary value. */
export interface BoardEntry {
  submissionId: string;
  teamId: string | null;
  teamName: string;
  isBaseline: boolean;
  submittedAt: Date;
  goldVersion: number;
  primary: number | null;
  /** Chosen by the team as a final run (phases with final runs). */
  selected: boolean;
  /** The uploaded file's name, which tells a team's runs apart on a board that shows several. */
  fileName: string;
}

/**
 * Every counted scored submission of a phase and subtask (or of one team): not invalidated, not of
 * a disqualified team. Each with the primary value
 * of its latest score set: one indexed query (Submission by phase, subtask and status; ScoreSet and
 * Score by their unique keys), no score rows beyond the primary one.
 */
export async function loadBoardEntries(
  db: Db,
  where: { phaseId: string; subtaskId: string; primaryMeasure: string; part: GoldPart; teamId?: string },
): Promise<BoardEntry[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      teamId: string | null;
      teamName: string | null;
      isBaseline: boolean;
      label: string | null;
      createdAt: Date;
      goldVersion: number;
      primary: number | null;
      selected: boolean;
      fileName: string;
    }[]
  >`
    SELECT s.id, s."teamId", t.name AS "teamName", s."isBaseline", s.label, s."createdAt", ss."goldVersion", sc.value AS "primary", s."selectedAt" IS NOT NULL AS selected, s."fileName"
    FROM "Submission" s
    LEFT JOIN "Team" t ON t.id = s."teamId"
    JOIN LATERAL (
      SELECT x."goldVersion" FROM "ScoreSet" x WHERE x."submissionId" = s.id AND x.part = ${where.part} ORDER BY x."goldVersion" DESC LIMIT 1
    ) ss ON true
    LEFT JOIN LATERAL (
      -- one probe of the unique (submissionId, measure, goldVersion) index per submission; LIMIT keeps
      -- the planner from scanning every score of the measure when one board holds most of them
      SELECT y.value FROM "Score" y
      WHERE y."submissionId" = s.id AND y.measure = ${where.primaryMeasure} AND y."goldVersion" = ss."goldVersion" AND y.part = ${where.part} LIMIT 1
    ) sc ON true
    WHERE s."phaseId" = ${where.phaseId} AND s."subtaskId" = ${where.subtaskId} AND s.status = 'SCORED'
      -- never counted: submissions after a moved end, and disqualified teams
      AND s."invalidatedAt" IS NULL AND t."disqualifiedAt" IS NULL
      AND (${where.teamId ?? null}::text IS NULL OR s."teamId" = ${where.teamId ?? null}::text)`;
  return rows.map((r) => ({
    submissionId: r.id,
    teamId: r.teamId,
    // A team's run marked as a baseline shows under its baseline label.
    teamName: (r.isBaseline ? (r.label ?? r.teamName) : (r.teamName ?? r.label)) ?? "Baseline",
    isBaseline: r.isBaseline || r.teamId === null,
    submittedAt: r.createdAt,
    goldVersion: Number(r.goldVersion),
    primary: r.primary === null || Number.isNaN(r.primary) ? null : r.primary,
    selected: r.selected,
    fileName: r.fileName,
  }));
}

/** The listed measures' scores of the chosen submissions, each at its own gold version. */
export async function loadRowScores(
  db: Db,
  entries: readonly Pick<BoardEntry, "submissionId" | "goldVersion">[],
  measures: readonly string[],
  part: GoldPart,
): Promise<Map<string, Record<string, LeaderboardScore>>> {
  const byId = new Map(entries.map((e) => [e.submissionId, {} as Record<string, LeaderboardScore>]));
  if (entries.length === 0 || measures.length === 0) return byId;
  const rows = await db.score.findMany({
    where: { submissionId: { in: entries.map((e) => e.submissionId) }, measure: { in: [...measures] }, part },
    select: { submissionId: true, measure: true, goldVersion: true, value: true, ciLow: true, ciHigh: true },
  });
  const version = new Map(entries.map((e) => [e.submissionId, e.goldVersion]));
  for (const r of rows) {
    if (version.get(r.submissionId) !== r.goldVersion) continue;
    byId.get(r.submissionId)![r.measure] = { value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh };
  }
  return byId;
}
