import type { SplitPart } from "../gold-split/gold-part.ts";
import type { SubmissionRule } from "@hierboard/db";

export interface LeaderboardScore {
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

/** Where a row stands against the row above it under the primary measure (ranked rows only). */
export interface RowTie {
  /** 1-based; consecutive rows not significantly different from their neighbour above share one. */
  group: number;
  /** True when the paired test found no significant difference from the ranked row above. */
  tiedWithAbove: boolean;
  /** The test's p-value against the row above; null for the first row or when it could not run. */
  pValue: number | null;
}

export interface LeaderboardRow {
  rank: number | null;
  teamName: string;
  /** The team whose public page the name links to; null for baseline rows. */
  teamId: string | null;
  /** The run's file name where the board shows several rows of its team (final runs, one row a run); else null. */
  run: string | null;
  submissionId: string;
  submittedAt: Date;
  isBaseline: boolean;
  goldVersion: number;
  scores: Record<string, LeaderboardScore | undefined>;
  tie: RowTie | null;
  /** On a split phase's private board: the run's rank on the public part (the shake-up is this → `rank`). */
  publicRank?: number | null;
  /** The mean rank over the board's measures (`averageRanks`), where the subtask shows it; null for unranked rows. */
  averageRank?: number | null;
}

/** A split phase's board: its public share, and whether the private part may be shown yet. */
export interface BoardSplitInfo {
  /** The public part's share of the gold documents. */
  publicFraction: number;
  /** The phase ended (and a blind phase's results are published): the private part may be shown. */
  privateShown: boolean;
}

export interface LeaderboardMeasure {
  key: string;
  label: string;
  higherIsBetter: boolean;
}

/** Each ranked team's rank under several measures, next to its primary rank. */
export interface SideBySide {
  measures: LeaderboardMeasure[];
  rows: { submissionId: string; teamName: string; primaryRank: number; ranks: Record<string, number | null> }[];
  /** Kendall τ-b between the measures' values over the ranked teams; `tau[i][j]` follows `measures`; null when undefined. */
  tau: (number | null)[][];
}

export interface TieTestInfo {
  measure: string;
  method: "randomization";
  resamples: number;
  alpha: number;
  /** False when some neighbour pairs could not be tested (files unreadable, different gold versions) or are still running. */
  complete: boolean;
  /** True while the tests of a cold board run after the response; the next request after them shows the groups. */
  pending: boolean;
  /** False for a measure whose statistics are not stored per document: no tie tests, intervals only. */
  supported: boolean;
}

export interface Leaderboard {
  phase: { key: string; name: string; endsAt: Date; visibility: "PUBLIC" | "PRIVATE" };
  subtask: { key: string; name: string };
  primaryMeasure: string;
  /** Derived from the primary measure by the engine's registry, never set. */
  primaryDirection: "HIGHER" | "LOWER";
  rule: SubmissionRule;
  /** "Up to N selected runs count" (null: `rule` picks one run a team), and how those runs are shown. */
  finalRuns: number | null;
  finalRunsBoard: "RUNS" | "TEAM_BEST";
  /**
   * A private phase's board stays hidden until the phase ends, except for organisers. Meanwhile
   * `rows` holds only the viewer's own team's scored submissions (unranked), if it has any.
   */
  hidden: boolean;
  /** Why a hidden board is hidden: a private phase (until it ends) or a blind one (until its results are published). */
  hiddenBy?: "PRIVATE" | "BLIND";
  /** The gold versions the rows were scored against (normally one). */
  goldVersions: number[];
  measures: LeaderboardMeasure[];
  /** The subtask's setting: rows carry `averageRank`. */
  showsAverageRank: boolean;
  rows: LeaderboardRow[];
  sideBySide: SideBySide;
  ties: TieTestInfo;
  /** The part of a split gold the rows are ranked on; null for a phase without a split (the whole gold). */
  split: SplitPart | null;
  splitInfo: BoardSplitInfo | null;
}
