import type { Db } from "@hierboard/db";
import { pairedTest, recordEvaluation, type RecordedStatistics } from "@hierboard/metrics";
import { BoundedCache } from "../scoring/bounded-cache.ts";
import { loadScoringSetup, parsePrediction } from "../scoring/load-scoring-setup.ts";
import type { RowTie } from "./board-types.ts";

export const TIE_TEST = { method: "randomization" as const, resamples: 1000, alpha: 0.05, seed: 1 };

// A test's result depends only on the two files, the gold and the measure, so it is kept per pair:
// after a new score only the pairs around the new row are tested again.
const pairResults = new BoundedCache<number>(20_000);
// One family's per-document statistics per submission and gold version (small: one family only).
const recordings = new BoundedCache<RecordedStatistics>(512);

/** Forgets every tested pair and recording (benchmarks measure a cold board with it). */
export function clearTieCaches(): void {
  pairResults.clear();
  recordings.clear();
}

export interface TieInput {
  submissionId: string;
  goldVersion: number;
  primary: number | null;
}

/**
 * Tests each ranked row against the ranked row above it under the primary measure with a paired
 * approximate-randomisation test (Noreen) over the documents, from the stored submission files and
 * the gold they were scored against; p ≥ α puts the row in its neighbour's group (the rule of the
 * engine's `tiedGroups`). Pair results and recordings are cached in-process, so a board rebuilt
 * after one new score tests at most two new pairs. A pair that cannot be tested (scored against
 * different gold versions, an unreadable file) separates the groups and makes `complete` false.
 */
export async function neighbourTies(
  db: Db,
  ids: { phaseId: string; subtaskId: string; measure: string },
  ranked: readonly TieInput[],
  opts: { maxFilesInline?: number } = {},
): Promise<{ ties: Map<string, RowTie>; complete: boolean; pending: Promise<void> | null }> {
  const family = ids.measure.split(".")[0]!;
  const pairKey = (a: TieInput, b: TieInput) => `${ids.measure}|${a.goldVersion}|${a.submissionId}|${b.submissionId}`;
  const recKey = (e: TieInput) => `${e.submissionId}|${e.goldVersion}|${family}`;
  const untested = ranked.filter((e, i) => {
    const above = ranked[i - 1];
    const below = ranked[i + 1];
    const needs = (a: TieInput | undefined, b: TieInput | undefined) =>
      a !== undefined && b !== undefined && a.goldVersion === b.goldVersion && a.primary !== null && b.primary !== null && pairResults.get(pairKey(a, b)) === undefined;
    return (needs(above, e) || needs(e, below)) && recordings.get(recKey(e)) === undefined;
  });
  // A cold board (a new process, a re-scored phase) would hold its first request for seconds: past a
  // few files the tests run after the response, and the caller rebuilds the board when they are done.
  const maxInline = opts.maxFilesInline ?? 12;
  if (untested.length > maxInline) {
    const pending = recordMissing(db, ids, family, untested, recKey).then(() => testPairs(ranked, ids.measure, pairKey, recKey));
    pending.catch(() => {}); // the board says "incomplete"; the next rebuild tries again
    return { ...groupTies(ranked, pairKey), pending };
  }
  await recordMissing(db, ids, family, untested, recKey);
  await testPairs(ranked, ids.measure, pairKey, recKey);
  return { ...groupTies(ranked, pairKey), pending: null };
}

/** Yields to the event loop, so tests run after a response never hold other requests for long. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs every neighbour test whose two recordings are at hand and whose result is not cached. */
async function testPairs(ranked: readonly TieInput[], measure: string, pairKey: (a: TieInput, b: TieInput) => string, recKey: (e: TieInput) => string): Promise<void> {
  for (let i = 1; i < ranked.length; i++) {
    const above = ranked[i - 1]!;
    const entry = ranked[i]!;
    if (above.goldVersion !== entry.goldVersion || above.primary === null || entry.primary === null) continue;
    const key = pairKey(above, entry);
    if (pairResults.get(key) !== undefined) continue;
    const x = recordings.get(recKey(above));
    const y = recordings.get(recKey(entry));
    if (x && y) pairResults.set(key, pairedTest(x, y, measure, TIE_TEST).pValue);
    await yieldToRequests();
  }
}

/** Groups from the cached pair results; a pair without one separates the groups. */
function groupTies(ranked: readonly TieInput[], pairKey: (a: TieInput, b: TieInput) => string): { ties: Map<string, RowTie>; complete: boolean } {
  const ties = new Map<string, RowTie>();
  let complete = true;
  let group = 0;
  ranked.forEach((entry, i) => {
    const above = ranked[i - 1];
    const pValue = above && above.goldVersion === entry.goldVersion ? (pairResults.get(pairKey(above, entry)) ?? null) : null;
    if (above && pValue === null) complete = false;
    const tiedWithAbove = pValue !== null && pValue >= TIE_TEST.alpha;
    if (!tiedWithAbove) group += 1;
    ties.set(entry.submissionId, { group, tiedWithAbove, pValue });
  });
  return { ties, complete };
}

async function recordMissing(
  db: Db,
  ids: { phaseId: string; subtaskId: string },
  family: string,
  entries: readonly TieInput[],
  recKey: (e: TieInput) => string,
): Promise<void> {
  const versions = [...new Set(entries.map((e) => e.goldVersion))];
  for (const goldVersion of versions) {
    const wanted = entries.filter((e) => e.goldVersion === goldVersion);
    let setup: Awaited<ReturnType<typeof loadScoringSetup>>;
    try {
      setup = await loadScoringSetup(db, { subtaskId: ids.subtaskId, phaseId: ids.phaseId, goldVersion });
    } catch {
      continue; // gold gone: these pairs stay untested and the board says so (complete: false)
    }
    // In slices, so a cold board of hundreds of teams never holds every file at once.
    for (let from = 0; from < wanted.length; from += 25) {
      const slice = wanted.slice(from, from + 25);
      const files = await db.submission.findMany({ where: { id: { in: slice.map((e) => e.submissionId) } }, select: { id: true, fileName: true, content: true } });
      for (const file of files) {
        const entry = slice.find((e) => e.submissionId === file.id)!;
        try {
          const pred = parsePrediction(setup, file.content, file.fileName);
          const metrics = family === "flat" || family === "hc" || family === "hierarchical" ? [] : [family];
          const recorded = recordEvaluation({ taxonomy: setup.taxonomy, gold: setup.gold, pred, missingDocuments: setup.subtask.missingDocuments, metrics });
          recordings.set(recKey(entry), recorded.restrict(family));
          await yieldToRequests();
        } catch {
          // A stored file that no longer parses (e.g. against a changed gold): left untested, reported.
        }
      }
    }
  }
}
