import type { Leaderboard } from "./board-types.ts";

// JSON has no NaN or ±Infinity (a stored double may be one): they travel as {"$number": "NaN"}.
const NON_FINITE = "$number";

/** A board as the JSON text a `StoredBoard` keeps: dates become ISO strings, every number round-trips exactly. */
export function encodeBoard(board: Leaderboard): string {
  return JSON.stringify(board, (_key, value: unknown) =>
    typeof value === "number" && !Number.isFinite(value) ? { [NON_FINITE]: String(value) } : value,
  );
}

/** A stored board read back: the same board, its dates (the phase's end, each row's submission time) restored. */
export function decodeBoard(text: string): Leaderboard {
  const board = (
    text.includes(`{"${NON_FINITE}":`)
      ? JSON.parse(text, (_key, value: unknown) =>
          value !== null && typeof value === "object" && NON_FINITE in value
            ? Number((value as Record<string, string>)[NON_FINITE])
            : value,
        )
      : JSON.parse(text)
  ) as Leaderboard;
  board.phase.endsAt = new Date(board.phase.endsAt);
  for (const row of board.rows) row.submittedAt = new Date(row.submittedAt);
  return board;
}
