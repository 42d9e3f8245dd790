"use client";

import Link from "next/link";
import { shortMove } from "./side-by-side-view";

/** One team's row: submission id, team, primary rank, per measure `[rank, move, colour class]`, then the team page's path. */
export type CompactRankRow = readonly [string, string, number, readonly (readonly [number | null, number | null, string])[], string | null];

/**
 * The rankings table's body rows, as a client component fed compact data: the server renders them
 * to HTML once and the RSC payload carries the numbers, not a second copy of the markup.
 */
export function SideBySideRows({ rows }: { rows: readonly CompactRankRow[] }) {
  return rows.map(([submissionId, teamName, primaryRank, cells, teamHref]) => (
    <tr key={submissionId}>
      <th scope="row" className="rk-team">
        {teamHref ? (
          <Link href={teamHref} className="hover:text-brand-700 hover:underline">
            {teamName}
          </Link>
        ) : (
          teamName
        )}
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
