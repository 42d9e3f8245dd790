import { excludesEstimate } from "@hierboard/metrics";
import type { IntervalBar, LeaderboardRow } from "./types";

/** `[value, lower, upper, excludesEstimate]` of one score (the last: the interval does not contain the value). */
export type CompactScore = readonly [number | null, number | null, number | null, boolean];
/** `[left, width, point]`: an interval's CSS percentages on its column's scale (as drawn, 0.1% steps). */
export type CompactBar = readonly [string, string, string];
/**
 * One board row as the client rows component takes it: rank, team, submission id, submitted at
 * (ISO), baseline, tie `[group, tiedWithAbove, p]`, the scores and bars in the columns' order, then
 * the run's file name where the board shows several rows of its team, the team's id (null for
 * baselines), the average rank (null where the row has none or the board no such column), then on a
 * split phase's private board the run's public rank (absent on any other board).
 * Positional, because the page's RSC payload repeats it for every row.
 */
export type CompactRow = readonly [
  rank: number | null,
  teamName: string,
  submissionId: string,
  submittedAt: string,
  isBaseline: boolean,
  tie: readonly [number, boolean, number | null] | null,
  scores: readonly (CompactScore | null)[],
  bars: readonly (CompactBar | null)[],
  run: string | null,
  teamId: string | null,
  averageRank: number | null,
  publicRank?: number | null,
];

const bar = (b: IntervalBar | null | undefined): CompactBar | null =>
  b ? [b.low.toFixed(1), Math.max(b.high - b.low, 1).toFixed(1), b.point.toFixed(1)] : null;

/** The rows in the columns' order (`measureKeys[0]` the primary measure). */
export function toCompactRows(rows: readonly LeaderboardRow[], measureKeys: readonly string[]): CompactRow[] {
  return rows.map(
    (row): CompactRow => [
      row.rank,
      row.teamName,
      row.submissionId,
      row.submittedAt,
      row.isBaseline,
      row.tie ? [row.tie.group, row.tie.tiedWithAbove, row.tie.pValue] : null,
      measureKeys.map((key) => {
        const s = row.scores[key];
        if (!s) return null;
        const lower = s.lower ?? null;
        const upper = s.upper ?? null;
        return [s.value, lower, upper, s.value !== null && lower !== null && upper !== null && excludesEstimate(s.value, lower, upper)];
      }),
      measureKeys.map((key, k) => bar(k === 0 ? row.bar : row.bars?.[key])),
      row.run ?? null,
      row.teamId ?? null,
      row.averageRank ?? null,
      ...(row.publicRank !== undefined ? ([row.publicRank] as const) : ([] as const)),
    ],
  );
}
