import type { LeaderboardMeasure, LeaderboardRow } from "./board-types.ts";

/** A board column: the rank, the team name, the submission time, the average rank, or a measure's key. */
export type BoardSortKey = "rank" | "team" | "submitted" | "averageRank" | (string & {});
export type SortOrder = "asc" | "desc";

/** The order a column sorts in first: best first for a measure (by its direction), rank ascending, newest first. */
export function defaultOrder(key: BoardSortKey, measures: readonly LeaderboardMeasure[]): SortOrder {
  if (key === "rank" || key === "team" || key === "averageRank") return "asc";
  if (key === "submitted") return "desc";
  const measure = measures.find((m) => m.key === key);
  return measure && !measure.higherIsBetter ? "asc" : "desc";
}

/**
 * The rows sorted by one column. "rank" is the board's own order (baselines stay where their
 * primary score puts them), descending is that order reversed. For other columns, missing values
 * (undefined measures) always go last whatever the order, and equal values keep the board's order.
 */
export function sortBoardRows(rows: readonly LeaderboardRow[], key: BoardSortKey, order: SortOrder): LeaderboardRow[] {
  const value = (row: LeaderboardRow): number | string | null => {
    if (key === "rank") return null; // by position, below
    if (key === "team") return row.teamName.toLocaleLowerCase("en");
    if (key === "submitted") return row.submittedAt.getTime();
    if (key === "averageRank") return row.averageRank ?? null;
    const v = row.scores[key]?.value;
    return v === undefined || v === null || Number.isNaN(v) ? null : v;
  };
  const sign = order === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: key === "rank" ? index : value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const c = typeof a.v === "string" ? a.v.localeCompare(b.v as string, "en") : a.v - (b.v as number);
      return c !== 0 ? sign * c : a.index - b.index;
    })
    .map((x) => x.row);
}
