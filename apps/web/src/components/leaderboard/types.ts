/**
 * What a leaderboard renders. Pages map the platform's leaderboard query onto
 * this shape, so the table (and issue 5's richer views: rank-by-measure,
 * intervals, tied groups) depend on one small, stable contract.
 */
export interface LeaderboardMeasure {
  key: string;
  label: string;
  higherIsBetter: boolean;
}

export interface LeaderboardScore {
  value: number | null;
  lower?: number | null;
  upper?: number | null;
}

export interface LeaderboardRow {
  /** Shared by ties; null for baseline rows, which are shown but not ranked. */
  rank: number | null;
  teamName: string;
  submissionId: string;
  submittedAt: string;
  isBaseline: boolean;
  /** Keyed by measure key. */
  scores: Record<string, LeaderboardScore | undefined>;
}

export interface LeaderboardView {
  primary: LeaderboardMeasure;
  /** Every measure shown, the primary one included. */
  measures: LeaderboardMeasure[];
  rule: "BEST" | "LAST";
  rows: LeaderboardRow[];
  /** Set when the board exists but is not visible to this viewer yet. */
  hiddenUntil?: string | null;
}
