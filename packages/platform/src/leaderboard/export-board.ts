import type { Leaderboard } from "./board-types.ts";
import { neutraliseCsvCell } from "./neutralise-csv-cell.ts";

/**
 * The board as CSV (RFC 4180, CRLF line ends): rank, team, baseline flag, submission id and time,
 * gold version, tie group, the average rank where the subtask shows it, in a split phase the part (and on a private board the public rank), then per measure its value and 95% interval bounds. Numbers are written
 * in full (shortest round-trip form); an undefined value is an empty field. Text a spreadsheet
 * would run as a formula is neutralised (`neutraliseCsvCell`).
 */
export function boardToCsv(board: Leaderboard): string {
  const header = ["rank", "team", "baseline", "submission_id", "submitted_at", "gold_version", "tie_group"];
  // A split phase's board names its part on every line, and a private board each run's public rank.
  const { split } = board;
  if (split) header.push("part", ...(split === "private" ? ["public_rank"] : []));
  if (board.showsAverageRank) header.push("average_rank");
  for (const m of board.measures) header.push(m.key, `${m.key}.ci_low`, `${m.key}.ci_high`);
  const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : v);
  const lines = [header.map(neutraliseCsvCell).join(",")];
  for (const row of board.rows) {
    const fields = [
      num(row.rank),
      row.teamName,
      row.isBaseline ? "true" : "false",
      row.submissionId,
      row.submittedAt.toISOString(),
      String(row.goldVersion),
      num(row.tie?.group),
    ];
    if (split) fields.push(split, ...(split === "private" ? [num(row.publicRank)] : []));
    if (board.showsAverageRank) fields.push(num(row.averageRank));
    for (const m of board.measures) {
      const s = row.scores[m.key];
      fields.push(num(s?.value), num(s?.ciLow), num(s?.ciHigh));
    }
    lines.push(fields.map(neutraliseCsvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/** The board as a JSON-safe object (dates as ISO strings), the same shape the API returns. */
export function boardToJson(board: Leaderboard): unknown {
  return JSON.parse(JSON.stringify(board));
}

// Cached boards are shared objects, so their serialised forms can be shared too.
const jsonTexts = new WeakMap<Leaderboard, string>();
const csvTexts = new WeakMap<Leaderboard, string>();

/** `{"leaderboard": …}` as text, serialised once per board object. */
export function leaderboardResponseText(board: Leaderboard): string {
  let text = jsonTexts.get(board);
  if (text === undefined) jsonTexts.set(board, (text = JSON.stringify({ leaderboard: board })));
  return text;
}

/** `boardToCsv`, computed once per board object. */
export function cachedBoardCsv(board: Leaderboard): string {
  let text = csvTexts.get(board);
  if (text === undefined) csvTexts.set(board, (text = boardToCsv(board)));
  return text;
}
