import type { GoldPart } from "../gold-split/gold-part.ts";
import { boardSplit, splitBoardEntries } from "../gold-split/split-board.ts";
import { WHOLE_GOLD } from "../gold-split/gold-part.ts";
import { recordedFamilies } from "../scoring/statistics/recorded-families.ts";
import type { Db } from "@hierboard/db";
import { primaryDirectionOf } from "../scoring/measure-catalogue.ts";
import type { Leaderboard, LeaderboardRow, RowTie } from "./board-types.ts";
import { loadBoardEntries, loadRowScores, type BoardEntry } from "./load-board-entries.ts";
import { boardMeasure, measureRankings, SIDE_BY_SIDE_MEASURES } from "./measure-rankings.ts";
import { loadBoardTies } from "./load-board-ties.ts";
import { TIE_TEST } from "./tie-test.ts";
import { selectFinalRunEntries } from "./final-run-entries.ts";
import { compareEntries, competitionRanks } from "./rank-entries.ts";
import { averageRanks } from "./average-rank.ts";

import type { BoardPhase, BoardSubtask } from "./load-board-key.ts";

/** The rule's entry per team (best by the primary measure, or last submitted), then every baseline. */
export function selectEntries(entries: readonly BoardEntry[], rule: "BEST" | "LAST", direction: "HIGHER" | "LOWER"): BoardEntry[] {
  const byTeam = new Map<string, BoardEntry>();
  const baselines: BoardEntry[] = [];
  for (const entry of entries) {
    if (entry.isBaseline || entry.teamId === null) {
      baselines.push(entry);
      continue;
    }
    const current = byTeam.get(entry.teamId);
    const replace = !current || (rule === "LAST" ? entry.submittedAt > current.submittedAt : compareEntries(direction, entry, current) < 0);
    if (replace) byTeam.set(entry.teamId, entry);
  }
  return [...byTeam.values(), ...baselines].sort((a, b) => compareEntries(direction, a, b));
}

/** The entries a board shows: the teams' final runs where the phase has them, else one per team by its rule; baselines too. */
export function chooseBoardEntries(
  entries: readonly BoardEntry[],
  phase: Pick<BoardPhase, "rule" | "finalRuns" | "finalRunsBoard">,
  direction: "HIGHER" | "LOWER",
): BoardEntry[] {
  return phase.finalRuns
    ? selectFinalRunEntries(entries, phase.finalRuns, phase.finalRunsBoard, direction)
    : selectEntries(entries, phase.rule, direction);
}

/** Every measure a board row carries: the shown ones, the primary one and the side-by-side ones. */
export function rowMeasures(subtask: BoardSubtask): string[] {
  return [...new Set([subtask.primaryMeasure, ...subtask.measuresShown, ...SIDE_BY_SIDE_MEASURES])];
}

export function emptyBoard(phase: BoardPhase, subtask: BoardSubtask, part: GoldPart, now: Date): Leaderboard {
  const measures = [...new Set([subtask.primaryMeasure, ...subtask.measuresShown])].map(boardMeasure);
  const sideKeys = [...new Set([subtask.primaryMeasure, ...SIDE_BY_SIDE_MEASURES])];
  return {
    phase: { key: phase.key, name: phase.name, endsAt: phase.endsAt, visibility: phase.visibility },
    subtask: { key: subtask.key, name: subtask.name },
    primaryMeasure: subtask.primaryMeasure,
    primaryDirection: primaryDirectionOf(subtask.primaryMeasure),
    rule: phase.rule,
    finalRuns: phase.finalRuns,
    finalRunsBoard: phase.finalRunsBoard,
    hidden: false,
    goldVersions: [],
    measures,
    showsAverageRank: subtask.showAverageRank,
    rows: [],
    sideBySide: { measures: sideKeys.map(boardMeasure), rows: [], tau: sideKeys.map(() => sideKeys.map(() => null)) },
    ties: {
      measure: subtask.primaryMeasure,
      method: TIE_TEST.method,
      resamples: TIE_TEST.resamples,
      alpha: TIE_TEST.alpha,
      complete: true,
      pending: false,
      supported: recordedFamilies(subtask.primaryMeasure).includes(subtask.primaryMeasure.split(".")[0]!),
    },
    ...boardSplit(phase, part, now),
  };
}

/** Rows (ranked, with their scores) for some entries; ranks only when `rank` is set. */
export async function boardRows(
  db: Db,
  subtask: BoardSubtask,
  entries: readonly BoardEntry[],
  rank: boolean,
  part: GoldPart,
): Promise<LeaderboardRow[]> {
  const scores = await loadRowScores(db, entries, rowMeasures(subtask), part);
  const ranks = rank ? competitionRanks(entries) : entries.map(() => null);
  const rowsOfTeam = new Map<string, number>();
  for (const e of entries) if (!e.isBaseline && e.teamId !== null) rowsOfTeam.set(e.teamId, (rowsOfTeam.get(e.teamId) ?? 0) + 1);
  return entries.map((e, i) => ({
    rank: ranks[i] ?? null,
    teamName: e.teamName,
    teamId: e.isBaseline ? null : e.teamId,
    run: e.teamId !== null && (rowsOfTeam.get(e.teamId) ?? 0) > 1 ? e.fileName : null,
    submissionId: e.submissionId,
    submittedAt: e.submittedAt,
    isBaseline: e.isBaseline,
    goldVersion: e.goldVersion,
    scores: scores.get(e.submissionId) ?? {},
    tie: null,
  }));
}

/**
 * The entries a board of `part` shows, in board order. Without a split: one per team by the phase's
 * rule (or its final runs) on the whole gold, and the baselines. In a split phase the runs are
 * chosen on the public part and ranked on `part`, and a private board keeps each run's public rank
 * for the shake-up (see `splitBoardEntries`). The board and the board job both rank with this.
 */
export async function countedEntries(
  db: Db,
  phase: Pick<BoardPhase, "id" | "rule" | "finalRuns" | "finalRunsBoard">,
  subtask: Pick<BoardSubtask, "id" | "primaryMeasure">,
  part: GoldPart,
): Promise<{ chosen: BoardEntry[]; publicRanks: Map<string, number | null> | null }> {
  const direction = primaryDirectionOf(subtask.primaryMeasure);
  const load = (p: GoldPart) =>
    loadBoardEntries(db, { phaseId: phase.id, subtaskId: subtask.id, primaryMeasure: subtask.primaryMeasure, part: p });
  const choose = (entries: readonly BoardEntry[]) => chooseBoardEntries(entries, phase, direction);
  if (part === WHOLE_GOLD) return { chosen: choose(await load(part)), publicRanks: null };
  return splitBoardEntries(load, choose, direction, part);
}

/**
 * The full public board of a phase and subtask, for any viewer allowed to see it: one row per team
 * by the phase's rule plus baseline rows (marked, unranked), competition ranks under the primary
 * measure, the neighbour tie groups the worker's board job stored for the board's part, and the
 * side-by-side ranks with their Kendall τ-b matrix. Database rows only: no file is read and no test
 * runs here.
 *
 * In a split phase (`part` public or private) the runs are chosen on the public part and ranked on
 * `part` (see `countedEntries`); a private board's rows carry their public rank (the shake-up), and
 * its tie groups are the tests on the private part. The caller picks `part` by the visibility rule
 * (`requestedPart`), so a hidden part's scores and ties are never read.
 */
export async function buildBoard(db: Db, phase: BoardPhase, subtask: BoardSubtask, part: GoldPart, now: Date): Promise<Leaderboard> {
  const board = emptyBoard(phase, subtask, part, now);
  const { chosen, publicRanks } = await countedEntries(db, phase, subtask, part);
  const rows = await boardRows(db, subtask, chosen, true, part);
  const ranked = chosen.filter((_, i) => rows[i]!.rank !== null);
  const { ties, complete, pending } = board.ties.supported
    ? await loadBoardTies(db, { phaseId: phase.id, subtaskId: subtask.id, part }, subtask.primaryMeasure, ranked)
    : { ties: new Map<string, RowTie>(), complete: true, pending: false };
  for (const row of rows) row.tie = ties.get(row.submissionId) ?? null;
  board.ties.complete = complete;
  board.ties.pending = pending;
  if (publicRanks) for (const row of rows) row.publicRank = publicRanks.get(row.submissionId) ?? null;
  if (subtask.showAverageRank) averageRanks(rows, board.measures).forEach((rank, i) => (rows[i]!.averageRank = rank));
  board.rows = rows;
  board.goldVersions = [...new Set(rows.map((r) => r.goldVersion))].sort((a, b) => a - b);
  board.sideBySide = measureRankings(
    rows,
    board.sideBySide.measures.map((m) => m.key),
  );
  return board;
}
