import type { Db } from "@hierboard/db";
import { InputError, pairedTest, type RecordedStatistics } from "@hierboard/metrics";
import { boardParts } from "../gold-split/split-board.ts";
import type { GoldPart } from "../gold-split/gold-part.ts";
import type { ScoringSetup } from "../scoring/setup/load-scoring-setup.ts";
import { loadRecording, setupsFor } from "../scoring/statistics/load-recording.ts";
import type { BoardEntry } from "./load-board-entries.ts";
import { rankedBoard } from "./ranked-board.ts";
import { TIE_TEST } from "./tie-test.ts";

interface StoredTie {
  aboveSubmissionId: string | null;
  measure: string;
  goldVersion: number;
  pValue: number | null;
}

type PartIds = { phaseId: string; subtaskId: string; part: GoldPart };

/**
 * WORKER SIDE: the board job of one phase and subtask, for every part its board can show
 * (`boardParts`: the whole gold, or a split's public and private parts, the hidden one included so
 * that its groups are ready when it comes out; reads show only the part `requestedPart` allows).
 * Tests each ranked row of a part against the row above it under the primary measure (the engine's
 * `pairedTest`, `TIE_TEST`) from the part's stored per-document statistics, reusing every stored
 * result whose pair, measure and gold version are unchanged, and writes one `BoardTie` row per
 * ranked row (group, tied-with-above, p-value) in one transaction per part; rows that left the
 * ranking, and parts the board no longer shows, are deleted. p ≥ α puts a row in its neighbour's
 * group (the rule of the engine's `tiedGroups`). A pair scored against different gold versions, or
 * without statistics, is stored untested (p-value null) and separates the groups. Runs a part again
 * while its ranking changed under it. Idempotent: a second run tests nothing.
 */
export async function updateBoardTies(db: Db, ids: { phaseId: string; subtaskId: string }): Promise<{ tested: number; rows: number }> {
  const phase = await db.phase.findUniqueOrThrow({ where: { id: ids.phaseId }, select: { publicFraction: true } });
  const parts = boardParts(phase);
  const setupOf = setupsFor(db, ids);
  const done = { tested: 0, rows: 0 };
  for (const part of parts) {
    const { tested, rows } = await updatePartTies(db, { ...ids, part }, setupOf);
    done.tested += tested;
    done.rows += rows;
  }
  await db.boardTie.deleteMany({ where: { ...ids, part: { notIn: [...parts] } } });
  return done;
}

async function updatePartTies(
  db: Db,
  ids: PartIds,
  setupOf: (goldVersion: number) => Promise<ScoringSetup | null>,
): Promise<{ tested: number; rows: number }> {
  let tested = 0;
  for (let round = 0; round < 10; round++) {
    const { measure, ranked, signature } = await rankedBoard(db, ids, ids.part);
    const family = measure.split(".")[0]!;
    const stored = new Map<string, StoredTie>(
      (
        await db.boardTie.findMany({
          where: ids,
          select: { submissionId: true, aboveSubmissionId: true, measure: true, goldVersion: true, pValue: true },
        })
      ).map((t) => [t.submissionId, t]),
    );
    const recordings = new Map<string, Promise<RecordedStatistics | null>>();
    const recording = (e: BoardEntry) => {
      const key = `${e.submissionId}|${e.goldVersion}`;
      let found = recordings.get(key);
      if (!found)
        recordings.set(
          key,
          (found = setupOf(e.goldVersion).then((setup) => (setup ? loadRecording(db, setup, e.submissionId, family, ids.part) : null))),
        );
      return found;
    };
    const pValues: (number | null)[] = [];
    for (let i = 0; i < ranked.length; i++) {
      const above = ranked[i - 1];
      const entry = ranked[i]!;
      const old = stored.get(entry.submissionId);
      if (!above || above.goldVersion !== entry.goldVersion) pValues.push(null);
      else if (
        old &&
        old.aboveSubmissionId === above.submissionId &&
        old.measure === measure &&
        old.goldVersion === entry.goldVersion &&
        old.pValue !== null
      )
        pValues.push(old.pValue);
      else {
        const [x, y] = await Promise.all([recording(above), recording(entry)]);
        pValues.push(x && y ? testPair(x, y, measure) : null);
        tested += 1;
      }
    }
    if ((await rankedBoard(db, ids, ids.part)).signature !== signature) continue;
    await writeTies(db, ids, measure, ranked, pValues);
    return { tested, rows: ranked.length };
  }
  throw new Error(
    `board ${ids.phaseId}/${ids.subtaskId} (${ids.part}): the ranking kept changing during its tie tests; the job is retried`,
  );
}

function testPair(x: RecordedStatistics, y: RecordedStatistics, measure: string): number | null {
  try {
    return pairedTest(x, y, measure, TIE_TEST).pValue;
  } catch (error) {
    if (error instanceof InputError) return null; // different documents or layouts: left untested
    throw error;
  }
}

const text = (value: number | null) => (value === null ? null : String(value));

/** One statement for all rows; p-values travel as round-trip decimal text (see writeScoreRows). */
async function writeTies(
  db: Db,
  ids: PartIds,
  measure: string,
  ranked: readonly BoardEntry[],
  pValues: readonly (number | null)[],
): Promise<void> {
  let group = 0;
  const groups: number[] = [];
  const tied: boolean[] = [];
  pValues.forEach((p) => {
    const tiedWithAbove = p !== null && p >= TIE_TEST.alpha;
    if (!tiedWithAbove) group += 1;
    groups.push(group);
    tied.push(tiedWithAbove);
  });
  const submissionIds = ranked.map((e) => e.submissionId);
  await db.$transaction([
    db.boardTie.deleteMany({ where: { ...ids, submissionId: { notIn: submissionIds } } }),
    db.$executeRaw`
      INSERT INTO "BoardTie" ("id", "phaseId", "subtaskId", "part", "submissionId", "aboveSubmissionId", "measure", "goldVersion", "tieGroup", "tiedWithAbove", "pValue", "updatedAt")
      SELECT gen_random_uuid()::text, ${ids.phaseId}, ${ids.subtaskId}, ${ids.part}, r.submission_id, r.above_id, ${measure}, r.gold_version, r.tie_group, r.tied, r.p_value::double precision, now()
      FROM unnest(${submissionIds}::text[], ${ranked.map((_, i) => ranked[i - 1]?.submissionId ?? null)}::text[], ${ranked.map((e) => e.goldVersion)}::int[],
                  ${groups}::int[], ${tied}::boolean[], ${pValues.map(text)}::text[])
           AS r(submission_id, above_id, gold_version, tie_group, tied, p_value)
      ON CONFLICT ("phaseId", "subtaskId", "part", "submissionId") DO UPDATE
        SET "aboveSubmissionId" = EXCLUDED."aboveSubmissionId", "measure" = EXCLUDED."measure", "goldVersion" = EXCLUDED."goldVersion",
            "tieGroup" = EXCLUDED."tieGroup", "tiedWithAbove" = EXCLUDED."tiedWithAbove", "pValue" = EXCLUDED."pValue", "updatedAt" = now()`,
  ]);
}
