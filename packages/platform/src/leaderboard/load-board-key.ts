import type { Db, SubmissionRule, Visibility } from "@hierboard/db";

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
  /**
   * What the board depends on: the phase's and subtask's settings (their `updatedAt`) and the set of
   * scored submissions with their finish times. The worker stamps `finishedAt` whenever it moves a
   * submission to SCORED (a first score or a re-score), in the transaction that writes the score
   * rows, so any new or replaced score changes the count, the latest or the sum of finish times.
   * The board job's tie rows (their count and latest write) are part of it too, and so is what
   * changes rows without a new score: final-run selections and invalidations of those submissions
   * (count and sum of their times), and the task's teams (names, disqualifications).
   */
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
      phase:
        | (Omit<BoardPhase, "endsAt" | "resultsPublishedAt"> & { endsAt: string; resultsPublishedAt: string | null; updatedAt: string })
        | null;
      subtask: (BoardSubtask & { updatedAt: string }) | null;
      n: number;
      latest: string | null;
      total: string | null;
      tieRows: number;
      tiesAt: string | null;
      marks: string;
      teams: string | null;
    }[]
  >`
    WITH t AS (SELECT id FROM "Task" WHERE slug = ${slug}),
    p AS (
      SELECT id, key, name, "endsAt", visibility, rule, blind, "resultsPublishedAt", "finalRuns", "finalRunsBoard", "publicFraction", "updatedAt" FROM "Phase"
      WHERE "taskId" = (SELECT id FROM t) AND key = ${phaseKey} AND "archivedAt" IS NULL
    ),
    s AS (
      SELECT id, key, name, "measuresShown", "primaryMeasure", "showAverageRank", "updatedAt" FROM "Subtask"
      WHERE "taskId" = (SELECT id FROM t) AND "archivedAt" IS NULL AND (${subtaskKey}::text IS NULL OR key = ${subtaskKey}::text)
      ORDER BY "createdAt" ASC LIMIT 1
    ),
    f AS (
      SELECT count(*)::int AS n, max(x."finishedAt")::text AS latest, sum(extract(epoch FROM x."finishedAt") * 1000)::text AS total,
             concat_ws(':', count(x."selectedAt"), sum(extract(epoch FROM x."selectedAt") * 1000),
                       count(x."invalidatedAt"), sum(extract(epoch FROM x."invalidatedAt") * 1000)) AS marks
      FROM "Submission" x
      WHERE x."phaseId" = (SELECT id FROM p) AND x."subtaskId" = (SELECT id FROM s) AND x.status = 'SCORED'
    ),
    b AS (
      SELECT count(*)::int AS n, max(y."updatedAt")::text AS latest FROM "BoardTie" y
      WHERE y."phaseId" = (SELECT id FROM p) AND y."subtaskId" = (SELECT id FROM s)
    ),
    tm AS (
      SELECT md5(string_agg(z.id || ':' || z.name || ':' || coalesce(extract(epoch FROM z."disqualifiedAt")::text, '-'), '|' ORDER BY z.id)) AS teams
      FROM "Team" z WHERE z."taskId" = (SELECT id FROM t)
    )
    SELECT (SELECT id FROM t) AS "taskId", (SELECT row_to_json(p) FROM p) AS phase, (SELECT row_to_json(s) FROM s) AS subtask, f.n, f.latest, f.total,
           b.n AS "tieRows", b.latest AS "tiesAt", f.marks, tm.teams
    FROM f, b, tm`;
  const phase = row?.phase
    ? {
        ...row.phase,
        endsAt: new Date(row.phase.endsAt),
        resultsPublishedAt: row.phase.resultsPublishedAt ? new Date(row.phase.resultsPublishedAt) : null,
      }
    : null;
  const subtask = row?.subtask ?? null;
  return {
    taskId: row?.taskId ?? null,
    phase,
    subtask,
    fingerprint: [
      row?.phase?.updatedAt ?? "-",
      row?.subtask?.updatedAt ?? "-",
      row?.n ?? 0,
      row?.latest ?? "-",
      row?.total ?? "-",
      row?.tieRows ?? 0,
      row?.tiesAt ?? "-",
      row?.marks ?? "-",
      row?.teams ?? "-",
    ].join("|"),
  };
}
