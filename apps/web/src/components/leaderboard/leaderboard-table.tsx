import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { formatInterval, formatScore } from "@/lib/format-score";
import { formatUtc } from "@/lib/utc";
import type { LeaderboardView } from "./types";

/** The basic board: one row per team, ranked under the primary measure. */
export function LeaderboardTable({
  board,
  caption,
  submissionHref,
}: {
  board: LeaderboardView;
  caption: string;
  submissionHref?: (submissionId: string) => string;
}) {
  if (board.hiddenUntil) {
    return (
      <EmptyState title="This board is private until the phase ends">
        It will be published at {formatUtc(board.hiddenUntil)}.
      </EmptyState>
    );
  }
  if (board.rows.length === 0) {
    return <EmptyState title="No scored submissions yet">The board fills in as submissions are scored.</EmptyState>;
  }
  const others = board.measures.filter((measure) => measure.key !== board.primary.key);
  return (
    <div className="-mx-5 overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="w-16 py-2.5 pl-5 pr-3 text-right font-medium">Rank</th>
            <th scope="col" className="py-2.5 pr-4 font-medium">Team</th>
            <th scope="col" className="py-2.5 pr-4 text-right font-semibold text-slate-800">
              {board.primary.label} <Direction higherIsBetter={board.primary.higherIsBetter} />
            </th>
            {others.map((measure) => (
              <th key={measure.key} scope="col" className="py-2.5 pr-4 text-right font-medium">
                {measure.label} <Direction higherIsBetter={measure.higherIsBetter} />
              </th>
            ))}
            <th scope="col" className="py-2.5 pr-5 font-medium">Submitted</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {board.rows.map((row) => {
            const primary = row.scores[board.primary.key];
            return (
              <tr key={row.submissionId} className={row.isBaseline ? "bg-slate-50 text-slate-600" : "hover:bg-slate-50/60"}>
                <td className="tabular py-2.5 pl-5 pr-3 text-right font-semibold text-slate-900">
                  {row.rank === null ? "—" : row.rank}
                </td>
                <th scope="row" className="py-2.5 pr-4 font-medium text-slate-900">
                  {submissionHref ? (
                    <Link href={submissionHref(row.submissionId)} className="hover:text-brand-700 hover:underline">
                      {row.teamName}
                    </Link>
                  ) : (
                    row.teamName
                  )}
                  {row.isBaseline && (
                    <span className="ml-2">
                      <Badge>Baseline</Badge>
                    </span>
                  )}
                </th>
                <td className="tabular py-2.5 pr-4 text-right font-semibold text-slate-900">
                  {formatScore(primary?.value)}
                  {primary?.lower != null && (
                    <span className="block whitespace-nowrap text-[11px] font-normal text-slate-500">
                      {formatInterval(primary.lower, primary.upper)}
                    </span>
                  )}
                </td>
                {others.map((measure) => (
                  <td key={measure.key} className="tabular py-2.5 pr-4 text-right text-slate-700">
                    {formatScore(row.scores[measure.key]?.value)}
                  </td>
                ))}
                <td className="py-2.5 pr-5 text-slate-600">
                  <UtcTime value={row.submittedAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="px-5 pt-3 text-xs text-slate-500">
        Ranked by {board.primary.label} ({board.primary.higherIsBetter ? "higher" : "lower"} is better), using each
        team&rsquo;s {board.rule === "BEST" ? "best" : "last"} scored submission. Tied scores share a rank.
      </p>
    </div>
  );
}

function Direction({ higherIsBetter }: { higherIsBetter: boolean }) {
  return (
    <span aria-label={higherIsBetter ? "higher is better" : "lower is better"} title={higherIsBetter ? "higher is better" : "lower is better"}>
      {higherIsBetter ? "↑" : "↓"}
    </span>
  );
}
