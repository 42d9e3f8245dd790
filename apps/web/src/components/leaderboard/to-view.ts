import { boardCountingPhrase, defaultOrder, sortBoardRows, splitSentence, type Leaderboard } from "@hierboard/platform";
import { measureLabel } from "@/lib/measure-label";
import type { IntervalBar, LeaderboardView, SortOrder, SortState } from "./types";

const clampPercent = (x: number) => Math.max(0, Math.min(100, x));

/**
 * Each row's primary interval placed on one scale shared by the column: from the lowest low to the
 * highest high of the rows that set the scale (the ranked teams; a far-off baseline would squash
 * every bar). A row whose interval lies outside that scale gets no bar.
 */
export function intervalBars(
  rows: readonly { value: number | null; lower: number | null; upper: number | null; setsScale?: boolean }[],
): (IntervalBar | null)[] {
  const has = (r: (typeof rows)[number]) => r.lower !== null && r.upper !== null && r.value !== null;
  const scaleRows = rows.filter((r) => has(r) && r.setsScale !== false);
  const bounds = scaleRows.flatMap((r) => [r.lower!, r.upper!]);
  if (bounds.length === 0) return rows.map(() => null);
  let min = Math.min(...bounds);
  let max = Math.max(...bounds);
  if (max - min < 1e-12) {
    min -= 0.5;
    max += 0.5;
  }
  const at = (x: number) => clampPercent(((x - min) / (max - min)) * 100);
  return rows.map((r) =>
    has(r) && r.upper! >= min && r.lower! <= max ? { low: at(r.lower!), high: at(r.upper!), point: at(r.value!) } : null,
  );
}

/** Reads `?sort=<column>&order=asc|desc`; an unknown column falls back to the rank. */
export function parseSort(
  board: Pick<Leaderboard, "measures" | "showsAverageRank">,
  sort: string | undefined,
  order: string | undefined,
): SortState {
  const columns = ["rank", "team", "submitted", ...(board.showsAverageRank ? ["averageRank"] : []), ...board.measures.map((m) => m.key)];
  const key = sort && columns.includes(sort) ? sort : "rank";
  const o: SortOrder = order === "asc" || order === "desc" ? order : defaultOrder(key, board.measures);
  return { key, order: o };
}

const views = new WeakMap<Leaderboard, Map<string, LeaderboardView>>();

/**
 * `toLeaderboardView`, once per board object and sort. The platform hands every request the same
 * board object until the board's fingerprint changes (a new score, selection, team change…), so
 * this is a cache keyed by that fingerprint; a viewer-specific board (hidden, a team's own rows) is
 * a new object per request and its views go with it. The view must not be mutated.
 */
export function leaderboardViewOf(board: Leaderboard, sort: SortState): LeaderboardView {
  let bySort = views.get(board);
  if (!bySort) views.set(board, (bySort = new Map()));
  const key = `${sort.key}|${sort.order}`;
  let view = bySort.get(key);
  if (!view) bySort.set(key, (view = toLeaderboardView(board, sort)));
  return view;
}

/** Maps the platform's leaderboard onto what the table renders, sorted as asked. */
export function toLeaderboardView(board: Leaderboard, sort: SortState = { key: "rank", order: "asc" }): LeaderboardView {
  const measures = board.measures.map((measure) => ({ key: measure.key, label: measure.label, higherIsBetter: measure.higherIsBetter }));
  const primary = measures.find((measure) => measure.key === board.primaryMeasure) ?? {
    key: board.primaryMeasure,
    label: board.primaryMeasure,
    higherIsBetter: board.primaryDirection === "HIGHER",
  };
  const sorted = sortBoardRows(board.rows, sort.key, sort.order);
  const columnBars = (key: string) =>
    intervalBars(
      sorted.map((row) => {
        const s = row.scores[key];
        return { value: s?.value ?? null, lower: s?.ciLow ?? null, upper: s?.ciHigh ?? null, setsScale: row.rank !== null };
      }),
    );
  const bars = columnBars(primary.key);
  const otherBars = new Map(measures.filter((m) => m.key !== primary.key).map((m) => [m.key, columnBars(m.key)]));
  const hasTies = !board.hidden && board.rows.some((row) => row.tie !== null && row.rank !== null);
  return {
    primary,
    measures: measures.some((m) => m.key === primary.key) ? measures : [primary, ...measures],
    // In a split phase the counted runs are chosen on the public part, whichever part ranks them.
    counting: board.split ? `${boardCountingPhrase(board)}, chosen on the public part` : boardCountingPhrase(board),
    split: board.split && board.splitInfo ? { part: board.split, sentence: splitSentence(board.split, board.splitInfo) } : null,
    averageRank: board.showsAverageRank,
    hiddenUntil: board.hidden ? new Date(board.phase.endsAt).toISOString() : null,
    hiddenBlind: board.hidden && board.hiddenBy === "BLIND",
    sort,
    goldVersions: board.goldVersions,
    untestedMeasure: board.ties.supported ? null : measureLabel(board.ties.measure),
    tieTest: hasTies
      ? {
          measureLabel: measureLabel(board.ties.measure),
          resamples: board.ties.resamples,
          alpha: board.ties.alpha,
          complete: board.ties.complete,
          pending: board.ties.pending,
        }
      : null,
    rows: sorted.map((row, i) => ({
      rank: row.rank,
      teamName: row.teamName,
      teamId: row.teamId,
      run: row.run,
      submissionId: row.submissionId,
      submittedAt: new Date(row.submittedAt).toISOString(),
      isBaseline: row.isBaseline,
      bar: bars[i] ?? null,
      bars: Object.fromEntries([...otherBars].map(([key, column]) => [key, column[i] ?? null])),
      tie: row.tie,
      ...(row.publicRank !== undefined ? { publicRank: row.publicRank } : {}),
      ...(board.showsAverageRank ? { averageRank: row.averageRank ?? null } : {}),
      scores: Object.fromEntries(
        Object.entries(row.scores).map(([key, score]) => [
          key,
          { value: score?.value ?? null, lower: score?.ciLow ?? null, upper: score?.ciHigh ?? null },
        ]),
      ),
    })),
  };
}
