import type { SideBySide } from "@hierboard/platform";

export interface RankCell {
  rank: number | null;
  /** Places gained (+) or lost (−) against the primary rank; null when undefined. */
  move: number | null;
  /** 0–1: how far the move is, relative to the board's size, for the cell's colour. */
  strength: number;
}

export interface SideBySideView {
  primary: { key: string; label: string };
  measures: { key: string; label: string; higherIsBetter: boolean }[];
  rows: {
    submissionId: string;
    teamName: string;
    primaryRank: number;
    cells: RankCell[] /** Largest move either way. */;
    spread: number;
  }[];
  /** τ-b matrix with a label per cell, in the order of `measures`. */
  tau: { value: number | null; text: string }[][];
  teams: number;
}

/** Ranks under every measure next to the primary rank, with the move each makes, and the τ-b matrix. */
export function toSideBySideView(data: SideBySide, primary: { key: string; label: string }): SideBySideView {
  const n = data.rows.length;
  const rows = [...data.rows]
    .sort((a, b) => a.primaryRank - b.primaryRank || a.teamName.localeCompare(b.teamName, "en"))
    .map((row) => {
      const cells = data.measures.map((m) => {
        const rank = row.ranks[m.key] ?? null;
        const move = rank === null ? null : row.primaryRank - rank;
        return { rank, move, strength: move === null || n < 2 ? 0 : Math.min(1, Math.abs(move) / Math.max(1, Math.ceil(n / 2))) };
      });
      return {
        submissionId: row.submissionId,
        teamName: row.teamName,
        primaryRank: row.primaryRank,
        cells,
        spread: Math.max(0, ...cells.map((c) => Math.abs(c.move ?? 0))),
      };
    });
  return {
    primary,
    measures: data.measures,
    rows,
    tau: data.tau.map((line) => line.map((value) => ({ value, text: value === null ? "n/a" : value.toFixed(2).replace(/^-/, "−") }))),
    teams: n,
  };
}

/** A readable description of a move, for screen readers and tooltips. */
export function describeMove(move: number | null): string {
  if (move === null) return "undefined under this measure";
  if (move === 0) return "same rank as under the primary measure";
  return move > 0
    ? `${move} place${move === 1 ? "" : "s"} higher than under the primary measure`
    : `${-move} place${move === -1 ? "" : "s"} lower than under the primary measure`;
}

/**
 * A diverging colour for a value in [−1, 1]: blue for positive (agreement, moving up), orange for
 * negative, white at 0. The tint stops at 70% so the dark text (#0f172a) keeps a contrast of at
 * least 4.5:1 on every cell; the sign is also written out, never carried by colour alone.
 */
export function divergingColour(value: number | null): { background: string; color: string } {
  if (value === null) return { background: "#f1f5f9", color: "#334155" };
  const t = Math.max(-1, Math.min(1, value));
  const [r, g, b] = t >= 0 ? [29, 78, 216] : [194, 65, 12]; // blue-700 / orange-700
  const a = 0.7 * Math.abs(t);
  const mix = (c: number) => Math.round(255 + (c - 255) * a);
  return { background: `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`, color: "#0f172a" };
}

/**
 * The colour class of a rank cell (globals.css `.mv-*`): blue when the team moves up under the
 * measure, orange when down, in five steps of strength; the same tints as `divergingColour`.
 */
export function moveClass(cell: RankCell): string {
  if (cell.move === null) return "mv-na";
  if (cell.move === 0) return "mv-0";
  const step = Math.max(1, Math.min(5, Math.ceil(cell.strength * 5)));
  return `mv-${cell.move > 0 ? "u" : "d"}${step}`;
}

/** A short spoken form of a move, for screen readers. */
export function shortMove(move: number | null): string {
  if (move === null) return "undefined";
  return move === 0 ? "same" : move > 0 ? `up ${move}` : `down ${-move}`;
}
