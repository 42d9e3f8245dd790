import { splitSentence } from "../gold-split/describe-split.ts";
import { excludesEstimate, rankWithTies } from "@hierboard/metrics";
import { EXCLUDES_ESTIMATE_NOTE, INTERVAL_METHOD_NAME } from "../leaderboard/interval-notes.ts";
import type { Leaderboard } from "../leaderboard/board-types.ts";
import { boardCountingPhrase } from "../phases/describe-counting.ts";
import type { PaperLink } from "./paper-systems.ts";

/** One measure column of the paper table; the primary measure comes first. */
export interface PaperColumn {
  key: string;
  label: string;
  higherIsBetter: boolean;
  primary: boolean;
}

export interface PaperCell {
  /** The value, 4 decimals; null when the measure is undefined for the row. */
  value: string | null;
  /** The 95% bootstrap interval, 3 decimals, when the row has one. */
  interval: [string, string] | null;
  /** Whether the interval does not contain the value (marked ‡, explained in the caption). */
  excluded: boolean;
  /** The row's competition rank under this measure (ranked rows only). */
  rank: number | null;
}

export interface PaperRow {
  /** Competition rank under the primary measure; null for baselines. */
  rank: number | null;
  team: string;
  /** The board row's submission. */
  submissionId: string;
  baseline: boolean;
  /** Tie group under the primary measure (rows sharing one are not significantly different from their neighbour). */
  tieGroup: number | null;
  /** True when the tie group has more than one row: the row is statistically tied with another. */
  tied: boolean;
  cells: PaperCell[];
  /** With the systems option (see paper-systems.ts): the run's system name, "" when none. */
  system?: string;
  /** With the systems option: the row's paper, 1-based in `papers`; null when it has none. */
  paper?: number | null;
  /** The mean rank over the measures, 2 decimals, where the table has the column; null for unranked rows. */
  averageRank: string | null;
}

export interface PaperTable {
  /** For `\label{tab:…}` and file names: `<slug>-<phase>-<subtask>`. */
  id: string;
  caption: string;
  columns: PaperColumn[];
  /** Whether the table has an average-rank column (the subtask's setting). */
  averageRank: boolean;
  rows: PaperRow[];
  /** With the systems option: the papers the rows cite, in order of first citation. */
  papers?: PaperLink[];
}

export interface PaperTableInfo {
  slug: string;
  taskTitle: string;
  /** Bootstrap resamples behind the intervals (0 = none). */
  bootstrap: number;
}

const fixed = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v.toFixed(digits);

/**
 * The final board as the results table of an overview paper: one row per ranked run (then the
 * baselines), ranks under the primary measure, every shown measure side by side with the row's
 * rank under it, bootstrap intervals and tie groups, and a caption that names the measures, the
 * interval method and the significance test. Shared by the LaTeX and Markdown renderers.
 */
export function paperTable(board: Leaderboard, info: PaperTableInfo): PaperTable {
  const ordered = [...board.measures].sort((a, b) => Number(b.key === board.primaryMeasure) - Number(a.key === board.primaryMeasure));
  const columns = ordered.map((m) => ({
    key: m.key,
    label: m.label,
    higherIsBetter: m.higherIsBetter,
    primary: m.key === board.primaryMeasure,
  }));
  // Each ranked run's competition rank under every column (undefined values rank last), as the side-by-side view ranks.
  const ranked = board.rows.filter((r) => r.rank !== null);
  const ranksBy = columns.map((c) => {
    const ranks = rankWithTies(
      ranked.map((r) => r.scores[c.key]?.value ?? NaN),
      c.higherIsBetter ? "higher" : "lower",
    );
    return new Map(ranked.map((r, i) => [r.submissionId, ranks[i]!]));
  });
  const groupSizes = new Map<number, number>();
  for (const row of board.rows) if (row.tie) groupSizes.set(row.tie.group, (groupSizes.get(row.tie.group) ?? 0) + 1);
  const rows = board.rows.map((row) => ({
    rank: row.rank,
    team: row.teamName,
    submissionId: row.submissionId,
    baseline: row.isBaseline,
    tieGroup: row.tie?.group ?? null,
    tied: row.tie ? (groupSizes.get(row.tie.group) ?? 0) > 1 : false,
    averageRank: fixed(row.averageRank, 2),
    cells: columns.map((c, i) => {
      const score = row.scores[c.key];
      const low = fixed(score?.ciLow, 3);
      const high = fixed(score?.ciHigh, 3);
      const rank = c.primary ? row.rank : (ranksBy[i]!.get(row.submissionId) ?? null);
      const excluded =
        score?.value != null && score.ciLow != null && score.ciHigh != null && excludesEstimate(score.value, score.ciLow, score.ciHigh);
      return {
        value: fixed(score?.value, 4),
        interval: low !== null && high !== null ? ([low, high] as [string, string]) : null,
        excluded,
        rank,
      };
    }),
  }));

  const primary = columns[0]!;
  const others = columns.slice(1).map((c) => c.label);
  const lower = columns.filter((c) => !c.higherIsBetter).map((c) => c.label);
  const hasIntervals = rows.some((r) => r.cells.some((c) => c.interval));
  const sentences = [
    `${info.taskTitle}, ${/subtask/i.test(board.subtask.name) ? board.subtask.name : `subtask ${board.subtask.name}`}, phase ${board.phase.name}: final results ranked by ${primary.label}, using ${boardCountingPhrase(board)}.`,
    board.split && board.splitInfo ? splitSentence(board.split, board.splitInfo) : "",
    others.length ? `Also shown: ${others.join(", ")}, each with the run's rank under it in parentheses.` : "",
    lower.length ? `Lower is better for ${lower.join(", ")}; higher is better for the others.` : "Higher is better for every measure.",
    hasIntervals
      ? `Brackets: 95% ${INTERVAL_METHOD_NAME} bootstrap intervals${info.bootstrap > 0 ? ` (${info.bootstrap.toLocaleString("en")} resamples)` : ""}.`
      : "",
    rows.some((r) => r.cells.some((c) => c.excluded)) ? EXCLUDES_ESTIMATE_NOTE : "",
    board.split
      ? ""
      : `Tie groups: runs in the same group are not significantly different from their neighbour under ${primary.label} (paired approximate randomisation test, ${board.ties.resamples.toLocaleString("en")} resamples, α = ${board.ties.alpha})${
          board.ties.complete ? "" : "; some neighbour pairs could not be tested"
        }.`,
    board.showsAverageRank ? `Average rank: the run's mean rank over the ${columns.length} measures (equal values share a rank).` : "",
    rows.some((r) => r.baseline) ? "Baselines are unranked." : "",
  ];
  const id = `${info.slug}-${board.phase.key}-${board.subtask.key}`;
  return { id, caption: sentences.filter(Boolean).join(" "), columns, averageRank: board.showsAverageRank, rows };
}
