import { neutraliseCsvCell } from "../neutralise-csv-cell.ts";
import type { BoardHistory } from "./get-board-history.ts";

/**
 * The progress history as CSV (RFC 4180, CRLF line ends): one line per step of a team's best score
 * and one per baseline (`kind` = `team` or `baseline`; a baseline has no time), values in full.
 */
export function historyToCsv(history: BoardHistory): string {
  const lines = [["kind", "team", "at", history.measure.key, "submission_id"].map(neutraliseCsvCell).join(",")];
  for (const s of history.series)
    for (const step of s.steps)
      lines.push(["team", s.team, step.at.toISOString(), step.value, step.submissionId].map(neutraliseCsvCell).join(","));
  for (const b of history.baselines) lines.push(["baseline", b.name, "", b.value, b.submissionId].map(neutraliseCsvCell).join(","));
  return lines.join("\r\n") + "\r\n";
}
