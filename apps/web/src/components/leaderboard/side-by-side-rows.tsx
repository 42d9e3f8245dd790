"use client";

import { shortMove } from "./side-by-side-view";

/** One team's row: submission id, team, primary rank, then per measure `[rank, move, colour class]`. */
export type CompactRankRow = readonly [string, string, number, readonly (readonly [number | null, number | null, string])[]];

/**
 * The rankings table's body rows, as a client component fed compact data: the server renders them
 * to HTML once and the RSC payload carries the numbers, not a second copy of the markup.
 */
export function SideBySideRows({ rows }: { rows: readonly CompactRankRow[] }) {
  return rows.map(([submissionId, teamName, primaryRank, cells]) => (
    <tr key={submissionId}>
      <th scope="row" className="rk-team">
        {teamName}
      </th>
      <td className="rk-primary">{primaryRank}</td>
      {/* the columns are the measures, in a fixed order: the index is their key */}
      {cells.map(([rank, move, colour], i) => (
        <td key={i} className="rk-td">
          <span className={`rk ${colour}`}>
            <b>{rank ?? "—"}</b>
            <span aria-hidden="true" className="rk-mv">
              {move === null ? "" : move === 0 ? "=" : `${move > 0 ? "▲" : "▼"}${Math.abs(move)}`}
            </span>
            <span className="sr-only">{shortMove(move)}</span>
          </span>
        </td>
      ))}
    </tr>
  ));
}
