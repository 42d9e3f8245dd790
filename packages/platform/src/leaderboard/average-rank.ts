import { rankWithTies } from "@hierboard/metrics";
import type { LeaderboardMeasure, LeaderboardRow } from "./board-types.ts";

/**
 * Each ranked row's mean rank over the given measures (the board's shown ones); null for unranked
 * rows (baselines, an undefined primary value). Under each measure the ranked rows get standard
 * competition ranks ("1224"), as the board's rank column and the side-by-side view give them: equal
 * values share a rank, and undefined values share the last one, so every team is averaged over the
 * same measures.
 *
 * @example averageRanks(rows, [f1, hammingLoss]) // A: ranks 1 and 2 → 1.5; B: 2 and 1 → 1.5
 */
export function averageRanks(rows: readonly LeaderboardRow[], measures: readonly LeaderboardMeasure[]): (number | null)[] {
  const ranked = rows.flatMap((row, index) => (row.rank === null ? [] : [index]));
  const sums = new Map<number, number>(ranked.map((index) => [index, 0]));
  for (const m of measures) {
    const values = ranked.map((index) => rows[index]!.scores[m.key]?.value ?? Number.NaN);
    rankWithTies(values, m.higherIsBetter ? "higher" : "lower").forEach((rank, i) => {
      sums.set(ranked[i]!, sums.get(ranked[i]!)! + rank);
    });
  }
  return rows.map((_, index) => {
    const sum = sums.get(index);
    return sum === undefined || measures.length === 0 ? null : sum / measures.length;
  });
}
