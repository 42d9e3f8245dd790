// "Nothing is lost": every accepted upload ended SCORED, with exactly one score set, whose rows are
// the engine's own values for the same file (computeScores run here, outside the worker).
import type { Db } from "@hierboard/db";
import { computeScores, loadScoringSetup, parsePrediction } from "@hierboard/platform";

export interface ScoreCheck {
  submissions: number;
  scored: number;
  notScored: { id: string; status: string; error: string | null }[];
  scoreSetsOtherThanOne: { id: string; scoreSets: number }[];
  /** Submissions with any row different from the engine's (value or interval, bit for bit). */
  different: { id: string; measure: string; stored: unknown; engine: unknown }[];
  rowsCompared: number;
}

export async function checkScores(
  db: Db,
  submissions: readonly { id: string; fileName: string }[],
  files: ReadonlyMap<string, Uint8Array>,
): Promise<ScoreCheck> {
  const ids = submissions.map((s) => s.id);
  const rows = await db.submission.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      status: true,
      errorMessage: true,
      phaseId: true,
      subtaskId: true,
      _count: { select: { scoreSets: true } },
      scores: { select: { measure: true, value: true, ciLow: true, ciHigh: true } },
    },
  });
  const check: ScoreCheck = {
    submissions: ids.length,
    scored: 0,
    notScored: [],
    scoreSetsOtherThanOne: [],
    different: [],
    rowsCompared: 0,
  };
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  for (const id of missing) check.notScored.push({ id, status: "MISSING", error: null });
  const engine = new Map<string, Map<string, { value: number | null; ciLow: number | null; ciHigh: number | null }>>();
  const fileOf = new Map(submissions.map((s) => [s.id, s.fileName]));
  for (const row of rows) {
    if (row.status !== "SCORED") {
      check.notScored.push({ id: row.id, status: row.status, error: row.errorMessage });
      continue;
    }
    check.scored++;
    if (row._count.scoreSets !== 1) check.scoreSetsOtherThanOne.push({ id: row.id, scoreSets: row._count.scoreSets });
    const fileName = fileOf.get(row.id)!;
    const key = `${row.phaseId}|${row.subtaskId}|${fileName}`;
    let expected = engine.get(key);
    if (!expected) {
      const setup = await loadScoringSetup(db, { phaseId: row.phaseId, subtaskId: row.subtaskId });
      const computed = computeScores(setup, parsePrediction(setup, files.get(fileName)!, fileName)).rows;
      expected = new Map(computed.map((r) => [r.measure, { value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh }]));
      engine.set(key, expected);
    }
    const stored = new Map(row.scores.map((s) => [s.measure, s]));
    for (const measure of new Set([...expected.keys(), ...stored.keys()])) {
      const a = stored.get(measure);
      const b = expected.get(measure);
      check.rowsCompared++;
      const same = a && b && Object.is(a.value, b.value) && Object.is(a.ciLow, b.ciLow) && Object.is(a.ciHigh, b.ciHigh);
      if (!same) check.different.push({ id: row.id, measure, stored: a ?? null, engine: b ?? null });
    }
  }
  return check;
}
