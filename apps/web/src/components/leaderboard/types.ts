/**
 * What a leaderboard renders. Pages map the platform's leaderboard query onto
 * this shape, so the tables depend on one small, stable contract.
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

/** Percent positions of an interval on its column's common scale (0–100), for CSS error bars. */
export interface IntervalBar {
  low: number;
  high: number;
  point: number;
}

export interface LeaderboardRow {
  /** Shared by ties; null for baseline rows, which are shown but not ranked. */
  rank: number | null;
  teamName: string;
  /** Links the name to the team's public page; null or absent for baselines. */
  teamId?: string | null;
  /** The run's file name where the board shows several rows of its team. */
  run?: string | null;
  submissionId: string;
  submittedAt: string;
  isBaseline: boolean;
  /** Keyed by measure key. */
  scores: Record<string, LeaderboardScore | undefined>;
  /** The primary score's interval on the column's scale, when it has one. */
  bar?: IntervalBar | null;
  /** The other measures' intervals on their columns' scales, keyed by measure key. */
  bars?: Record<string, IntervalBar | null>;
  /** Statistical tie group under the primary measure (ranked rows only). */
  tie?: { group: number; tiedWithAbove: boolean; pValue: number | null } | null;
  /** On a split phase's private board: the run's rank on the public part (the shake-up column). */
  publicRank?: number | null;
  /** The mean rank over the shown measures, where the board has the column; null for unranked rows. */
  averageRank?: number | null;
}

export type SortOrder = "asc" | "desc";

export interface SortState {
  key: string;
  order: SortOrder;
}

export interface LeaderboardView {
  primary: LeaderboardMeasure;
  /** Every measure shown, the primary one included. */
  measures: LeaderboardMeasure[];
  /** Which runs count, to follow "using" in the caption (the platform's `boardCountingPhrase`). */
  counting: string;
  /** The board has an average-rank column (the subtask's setting). */
  averageRank?: boolean;
  rows: LeaderboardRow[];
  /** Set when the board exists but is not visible to this viewer yet. */
  hiddenUntil?: string | null;
  /** A hidden blind board: nobody sees scores, teams included, until the organisers publish the results. */
  hiddenBlind?: boolean;
  /** The column the rows are sorted by (default: rank ascending). */
  sort?: SortState;
  /** How neighbours were tested, for the footnote; null when the board has no tie groups. */
  tieTest?: { measureLabel: string; resamples: number; alpha: number; complete: boolean; pending: boolean } | null;
  /** Set when the primary measure has no tie tests (a CAFA measure): the footnote says so. */
  untestedMeasure?: string | null;
  goldVersions?: number[];
  /** A split phase's board: the part it ranks on, and the caption's sentence about it. */
  split?: { part: "public" | "private"; sentence: string } | null;
}
