import { Prisma, type Db, type SubmissionRule, type Visibility } from "@hierboard/db";
import { boardFingerprintSql } from "./board-fingerprint-sql.ts";

export interface BoardPhase {
  id: string;
  key: string;
  name: string;
  endsAt: Date;
  visibility: Visibility;
  rule: SubmissionRule;
  blind: boolean;
  resultsPublishedAt: Date | null;
  finalRuns: number | null;
  finalRunsBoard: "RUNS" | "TEAM_BEST";
  publicFraction: number | null;
}

export interface BoardSubtask {
  id: string;
  key: string;
  name: string;
  measuresShown: string[];
  primaryMeasure: string;
  showAverageRank: boolean;
}

export interface BoardKey {
  taskId: string | null;
  phase: BoardPhase | null;
  subtask: BoardSubtask | null;
  /** What the board depends on (`boardFingerprintSql`): a cached or stored board is served while it is unchanged. */
  fingerprint: string;
}

/**
 * The task, phase, subtask (the named one, or the first created) and the board's fingerprint in
 * ONE round trip: this runs on every board request, cached or not. Indexed lookups only (Task by
 * slug, Phase and Subtask by (taskId, key), Submission by (phaseId, subtaskId, status)).
 */
export async function loadBoardKey(db: Db, slug: string, phaseKey: string, subtaskKey: string | null): Promise<BoardKey> {
  const [row] = await db.$queryRaw<
    {
      taskId: string | null;
      phase: (Omit<BoardPhase, "endsAt" | "resultsPublishedAt"> & { endsAt: string; resultsPublishedAt: string | null }) | null;
      subtask: BoardSubtask | null;
      fingerprint: string;
    }[]
  >`
    WITH t AS (SELECT id FROM "Task" WHERE slug = ${slug}),
    p AS (
      SELECT id, key, name, "endsAt", visibility, rule, blind, "resultsPublishedAt", "finalRuns", "finalRunsBoard", "publicFraction" FROM "Phase"
      WHERE "taskId" = (SELECT id FROM t) AND key = ${phaseKey} AND "archivedAt" IS NULL
    ),
    s AS (
      SELECT id, key, name, "measuresShown", "primaryMeasure", "showAverageRank" FROM "Subtask"
      WHERE "taskId" = (SELECT id FROM t) AND "archivedAt" IS NULL AND (${subtaskKey}::text IS NULL OR key = ${subtaskKey}::text)
      ORDER BY "createdAt" ASC LIMIT 1
    )
    SELECT (SELECT id FROM t) AS "taskId", (SELECT row_to_json(p) FROM p) AS phase, (SELECT row_to_json(s) FROM s) AS subtask,
           ${boardFingerprintSql(Prisma.sql`(SELECT id FROM p)`, Prisma.sql`(SELECT id FROM s)`)} AS fingerprint`;
  return {
    taskId: row?.taskId ?? null,
    phase: row?.phase ? boardPhaseOf(row.phase) : null,
    subtask: row?.subtask ?? null,
    fingerprint: row?.fingerprint ?? "-",
  };
}

/** A phase row read as JSON (timestamps as text) as the board's phase. */
function boardPhaseOf(
  phase: Omit<BoardPhase, "endsAt" | "resultsPublishedAt"> & { endsAt: string; resultsPublishedAt: string | null },
): BoardPhase {
  return {
    ...phase,
    endsAt: new Date(phase.endsAt),
    resultsPublishedAt: phase.resultsPublishedAt ? new Date(phase.resultsPublishedAt) : null,
  };
}

/**
 * The same for the board job, by ids: the board's fingerprint as it is now, THEN its phase and
 * subtask, so that a board built after this call is never older than its fingerprint (a change
 * meanwhile leaves it stale, never wrongly fresh).
 */
export async function loadBoardKeyById(
  db: Db,
  ids: { phaseId: string; subtaskId: string },
): Promise<{ phase: BoardPhase; subtask: BoardSubtask; fingerprint: string }> {
  const fingerprint = await loadBoardFingerprint(db, ids);
  const [phase, subtask] = await Promise.all([
    db.phase.findUniqueOrThrow({ where: { id: ids.phaseId }, select: BOARD_PHASE_FIELDS }),
    db.subtask.findUniqueOrThrow({ where: { id: ids.subtaskId }, select: BOARD_SUBTASK_FIELDS }),
  ]);
  return { phase, subtask, fingerprint };
}

/** The board's fingerprint as it is now, by ids (one query). */
export async function loadBoardFingerprint(db: Db, ids: { phaseId: string; subtaskId: string }): Promise<string> {
  const [row] = await db.$queryRaw<{ fingerprint: string }[]>`
    SELECT ${boardFingerprintSql(Prisma.sql`${ids.phaseId}`, Prisma.sql`${ids.subtaskId}`)} AS fingerprint`;
  return row!.fingerprint;
}

const BOARD_PHASE_FIELDS = {
  id: true,
  key: true,
  name: true,
  endsAt: true,
  visibility: true,
  rule: true,
  blind: true,
  resultsPublishedAt: true,
  finalRuns: true,
  finalRunsBoard: true,
  publicFraction: true,
} as const satisfies Record<keyof BoardPhase, true>;

const BOARD_SUBTASK_FIELDS = {
  id: true,
  key: true,
  name: true,
  measuresShown: true,
  primaryMeasure: true,
  showAverageRank: true,
} as const satisfies Record<keyof BoardSubtask, true>;
