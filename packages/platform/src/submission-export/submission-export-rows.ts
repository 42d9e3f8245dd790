import { neutraliseCsvCell } from "../leaderboard/neutralise-csv-cell.ts";

/**
 * One score in the bulk export: a submission's value of one measure against one gold version,
 * with the hashes it was computed from. The columns are keyed by name, so a column (such as the
 * public/private `part`) can be added without moving the others.
 */
export interface ExportedScore {
  submission_id: string;
  phase: string;
  subtask: string;
  team: string;
  baseline: boolean;
  gold_version: number;
  /** "all", or "public" / "private" in a phase with a split. */
  part: string;
  measure: string;
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  engine_version: string;
  taxonomy_sha256: string;
  gold_sha256: string;
}

export const SCORE_COLUMNS: readonly (keyof ExportedScore)[] = [
  "submission_id",
  "phase",
  "subtask",
  "team",
  "baseline",
  "gold_version",
  "part",
  "measure",
  "value",
  "ci_low",
  "ci_high",
  "engine_version",
  "taxonomy_sha256",
  "gold_sha256",
];

/** One CSV line (with its newline) of `columns` from `row`; empty cells for null, spreadsheet-safe text. */
export function csvLine<T extends object>(columns: readonly (keyof T)[], row: T): string {
  const cells = columns.map((column) => {
    const value = row[column] as unknown;
    if (value === null || value === undefined) return "";
    return neutraliseCsvCell(typeof value === "number" ? value : String(value));
  });
  return `${cells.join(",")}\n`;
}

/** A file name that is safe as one path segment inside the zip (no separators, no dot-dot). */
export function zipSegment(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N}._-]+/gu, "_")
    .replace(/\.{2,}/g, "_")
    .replace(/^\./, "_");
  return safe.slice(0, 80) || "_";
}
