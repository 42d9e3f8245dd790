import type { Leaderboard } from "@hierboard/platform";
import type { LeaderboardView } from "./types";

/** Maps the platform's leaderboard query result onto what the table renders. */
export function toLeaderboardView(board: Leaderboard): LeaderboardView {
  const measures = board.measures.map((measure) => ({
    key: measure.key,
    label: measure.label,
    higherIsBetter: measure.higherIsBetter,
  }));
  const primary = measures.find((measure) => measure.key === board.primaryMeasure) ?? {
    key: board.primaryMeasure,
    label: board.primaryMeasure,
    higherIsBetter: board.primaryDirection === "HIGHER",
  };
  return {
    primary,
    measures: measures.some((m) => m.key === primary.key) ? measures : [primary, ...measures],
    rule: board.rule,
    hiddenUntil: board.hidden ? new Date(board.phase.endsAt).toISOString() : null,
    rows: board.rows.map((row) => ({
      rank: row.rank,
      teamName: row.teamName,
      submissionId: row.submissionId,
      submittedAt: new Date(row.submittedAt).toISOString(),
      isBaseline: row.isBaseline,
      scores: Object.fromEntries(
        Object.entries(row.scores).map(([key, score]) => [
          key,
          { value: score?.value ?? null, lower: score?.ciLow ?? null, upper: score?.ciHigh ?? null },
        ]),
      ),
    })),
  };
}
