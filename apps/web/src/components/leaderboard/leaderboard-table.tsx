import Link from "next/link";
import { Fragment } from "react";
import { MeasureHint } from "@/components/measures/measure-hint";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { formatInterval, formatScore } from "@/lib/format-score";
import { formatUtc } from "@/lib/utc";
import type { IntervalBar, LeaderboardRow, LeaderboardView, SortOrder } from "./types";
import { cn } from "@/lib/cn";

/**
 * The main board: one row per team, ranked under the primary measure, with each score's bootstrap
 * 95% interval and the statistical tie groups. Column headers are links that sort on the server
 * (`aria-sort` on the sorted one), so sorting works with a keyboard and without JavaScript.
 */
export function LeaderboardTable({
  board,
  caption,
  submissionHref,
  sortHref,
  ownTeam,
}: {
  board: LeaderboardView;
  caption: string;
  /** The viewer's team name: its row is highlighted. */
  ownTeam?: string | null;
  submissionHref?: (submissionId: string) => string;
  /** Where a header links to sort by its column; without it the headers are plain text. */
  sortHref?: (key: string, order: SortOrder) => string;
}) {
  if (board.hiddenUntil && board.rows.length === 0) {
    return (
      <EmptyState title="This board is private until the phase ends">
        It will be published at {formatUtc(board.hiddenUntil)}. Team members see their own scores here meanwhile.
      </EmptyState>
    );
  }
  if (board.rows.length === 0) {
    return <EmptyState title="No scored submissions yet">The board fills in as submissions are scored.</EmptyState>;
  }
  const others = board.measures.filter((measure) => measure.key !== board.primary.key);
  const sort = board.sort ?? { key: "rank", order: "asc" as const };
  const showTies = Boolean(board.tieTest) && sort.key === "rank" && sort.order === "asc" && !board.hiddenUntil;
  const header = (
    key: string,
    label: React.ReactNode,
    opts: { align?: "left" | "right"; firstOrder: SortOrder; className?: string; measure?: boolean },
  ) => {
    const active = sort.key === key;
    const next: SortOrder = active ? (sort.order === "asc" ? "desc" : "asc") : opts.firstOrder;
    const content = sortHref ? (
      <Link
        href={sortHref(key, next)}
        scroll={false}
        className={cn("inline-flex items-center gap-1 rounded hover:text-slate-900", active && "text-slate-900")}
      >
        <span>{label}</span>
        <span aria-hidden="true" className={active ? "text-brand-700" : "text-slate-300"}>
          {active ? (sort.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    ) : (
      label
    );
    return (
      <th
        scope="col"
        aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : undefined}
        className={cn("py-2.5 pr-4 font-medium", opts.align === "right" ? "text-right" : "text-left", opts.className)}
      >
        {opts.measure ? (
          <MeasureHint measure={key} scope="board" align={opts.align}>
            {content}
          </MeasureHint>
        ) : (
          content
        )}
      </th>
    );
  };
  return (
    <div className="-mx-5">
      {board.hiddenUntil && (
        <p className="mx-5 mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The board is private until {formatUtc(board.hiddenUntil)}. Only your team&rsquo;s own submissions are shown, unranked.
        </p>
      )}
      {sort.key !== "rank" && sortHref && (
        <p className="mx-5 mb-2 text-xs text-slate-600" role="status">
          Sorted by {sortLabel(sort.key, board)}, {sort.order === "asc" ? "ascending" : "descending"}.{" "}
          <Link href={sortHref("rank", "asc")} scroll={false} className="font-medium text-brand-700 hover:underline">
            Back to the ranking
          </Link>
        </p>
      )}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[34rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}. Column headers sort the table.</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-600">
              {header("rank", "Rank", { align: "right", firstOrder: "asc", className: "lb-sticky-rank w-16 bg-slate-50 pl-5 pr-3" })}
              {header("team", "Team", { firstOrder: "asc", className: "lb-sticky-team bg-slate-50" })}
              {header(
                board.primary.key,
                <>
                  {unbreakable(board.primary.label)} <DirectionMark higherIsBetter={board.primary.higherIsBetter} />
                </>,
                {
                  align: "right",
                  firstOrder: board.primary.higherIsBetter ? "desc" : "asc",
                  className: "min-w-[9.5rem] font-semibold text-slate-800",
                  measure: true,
                },
              )}
              {others.map((measure) => (
                <Fragment key={measure.key}>
                  {header(
                    measure.key,
                    <>
                      {unbreakable(measure.label)} <DirectionMark higherIsBetter={measure.higherIsBetter} />
                    </>,
                    { align: "right", firstOrder: measure.higherIsBetter ? "desc" : "asc", measure: true },
                  )}
                </Fragment>
              ))}
              {header("submitted", "Submitted (UTC)", { firstOrder: "desc", className: "pr-5" })}
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row, i) => (
              <BoardRow
                key={row.submissionId}
                row={row}
                board={board}
                others={others}
                showTies={showTies}
                groupStart={showTies && !row.tie?.tiedWithAbove}
                shaded={showTies && (row.tie?.group ?? 0) % 2 === 0}
                nextTied={showTies && Boolean(board.rows[i + 1]?.tie?.tiedWithAbove)}
                submissionHref={submissionHref}
                own={!row.isBaseline && ownTeam != null && row.teamName === ownTeam}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="space-y-1 px-5 pt-3 text-xs leading-5 text-slate-600">
        <p>
          Ranked by {board.primary.label} ({board.primary.higherIsBetter ? "higher" : "lower"} is better), using {board.counting}. Tied
          scores share a rank; baselines are shown but not ranked.
          {board.goldVersions && board.goldVersions.length > 0 && <> Scored against gold version {board.goldVersions.join(", ")}.</>}
        </p>
        {board.rows.some((r) => r.bar) && (
          <p>Bars show each {board.primary.label} with its bootstrap 95% interval, on one scale per column.</p>
        )}
        {board.tieTest && (
          <p id="tie-test">
            <span aria-hidden="true" className="mr-1 inline-block h-3 w-1 rounded-sm bg-brand-600 align-middle" />
            Rows joined by a bar form a group no member of which differs significantly from the row above it: two-sided paired approximate
            randomisation test over documents on {board.tieTest.measureLabel}, {board.tieTest.resamples.toLocaleString("en")} resamples, α ={" "}
            {board.tieTest.alpha}.
            {board.tieTest.pending
              ? " The tests are running; reload in a moment to see the groups."
              : !board.tieTest.complete &&
                " Some neighbours could not be tested (different gold versions or unreadable files) and are shown apart."}
            {!showTies && " Groups are drawn when the board is sorted by rank."}
          </p>
        )}
      </div>
    </div>
  );
}

function BoardRow({
  row,
  board,
  others,
  showTies,
  groupStart,
  shaded,
  nextTied,
  submissionHref,
  own,
}: {
  own: boolean;
  row: LeaderboardRow;
  board: LeaderboardView;
  others: LeaderboardView["measures"];
  showTies: boolean;
  groupStart: boolean;
  shaded: boolean;
  nextTied: boolean;
  submissionHref?: (submissionId: string) => string;
}) {
  const primary = row.scores[board.primary.key];
  const tieNote =
    row.tie?.tiedWithAbove && row.tie.pValue !== null ? `tied with the row above, p = ${row.tie.pValue.toFixed(3)}` : undefined;
  const tint = own ? "lb-own" : row.isBaseline ? "bg-slate-50 text-slate-600" : shaded ? "bg-brand-50/40" : "";
  return (
    <tr
      className={`${groupStart ? "border-t border-slate-200" : "border-t border-transparent"} ${tint} hover:bg-slate-100/60`}
      aria-current={own ? "true" : undefined}
      data-own-team={own ? "" : undefined}
    >
      <td className="lb-rank">
        {showTies && row.tie && (row.tie.tiedWithAbove || nextTied) && (
          <span aria-hidden="true" className={cn("lb-tb", row.tie.tiedWithAbove && "up", nextTied && "down")} />
        )}
        {row.rank === null ? <span className="text-slate-500">—</span> : row.rank}
      </td>
      <th scope="row" className="lb-team">
        <span className="lb-name">
          {submissionHref ? (
            <Link href={submissionHref(row.submissionId)} className="hover:text-brand-700 hover:underline">
              {row.teamName}
            </Link>
          ) : (
            row.teamName
          )}
          {row.isBaseline && <Badge>Baseline</Badge>}
          {own && <span className="lb-you">your team</span>}
          {showTies && row.tie?.tiedWithAbove && (
            <span className="lb-tie" title={tieNote}>
              <span aria-hidden="true">≈ above</span>
              <span className="sr-only">{tieNote}</span>
            </span>
          )}
        </span>
      </th>
      <td className="lb-main" title={intervalTitle(board.primary.label, primary)}>
        {formatScore(primary?.value)}
        {row.bar ? (
          <ErrorBar bar={row.bar} label={formatInterval(primary?.lower, primary?.upper)} />
        ) : (
          primary?.lower != null && <span className="lb-pm">{formatInterval(primary.lower, primary.upper)}</span>
        )}
      </td>
      {others.map((measure) => {
        const s = row.scores[measure.key];
        return (
          <td key={measure.key} className="lb-td" title={intervalTitle(measure.label, s)}>
            {formatScore(s?.value)}
            {row.bars?.[measure.key] && <ThinBar bar={row.bars[measure.key]!} />}
            {s?.lower != null && s.upper != null && (
              <span className="lb-pm">
                <span className="sr-only">95% interval {formatInterval(s.lower, s.upper)}, </span>±{formatScore((s.upper - s.lower) / 2, 3)}
              </span>
            )}
          </td>
        );
      })}
      <td className="lb-time">
        <time dateTime={row.submittedAt}>{formatUtc(row.submittedAt).replace(" UTC", "")}</time>
      </td>
    </tr>
  );
}

/** A small CSS error bar: the interval as a band, the score as a tick, on the column's scale. */
function ErrorBar({ bar, label }: { bar: IntervalBar; label: string }) {
  return (
    <>
      <span className="lb-bar" aria-hidden="true">
        <span className="lb-ci" style={{ left: `${bar.low.toFixed(1)}%`, width: `${Math.max(bar.high - bar.low, 1).toFixed(1)}%` }} />
        <span className="lb-pt" style={{ left: `${bar.point.toFixed(1)}%` }} />
      </span>
      <span className="lb-pm mt-0.5">
        <span className="sr-only">95% interval </span>
        {label}
      </span>
    </>
  );
}

/** The same interval as a hairline, for the non-primary columns. */
function ThinBar({ bar }: { bar: IntervalBar }) {
  return (
    <span className="lb-bar thin" aria-hidden="true">
      <span className="lb-ci" style={{ left: `${bar.low.toFixed(1)}%`, width: `${Math.max(bar.high - bar.low, 1).toFixed(1)}%` }} />
      <span className="lb-pt" style={{ left: `${bar.point.toFixed(1)}%` }} />
    </span>
  );
}

/** Hover text of a score cell: the value and, when the subtask has bootstrap on, its 95% interval. */
function intervalTitle(label: string, score: LeaderboardRow["scores"][string]): string | undefined {
  if (!score || score.value === null) return undefined;
  const interval = score.lower != null && score.upper != null ? `, 95% bootstrap interval ${formatInterval(score.lower, score.upper)}` : "";
  return `${label} ${formatScore(score.value)}${interval}`;
}

function DirectionMark({ higherIsBetter }: { higherIsBetter: boolean }) {
  return (
    <span title={higherIsBetter ? "higher is better" : "lower is better"}>
      <span aria-hidden="true">{higherIsBetter ? "↑" : "↓"}</span>
      <span className="sr-only">{higherIsBetter ? "(higher is better)" : "(lower is better)"}</span>
    </span>
  );
}

/** Measure names break at spaces, never at their hyphens ("HC-F1", "LCA-F"). */
function unbreakable(label: string): string {
  return label.replaceAll("-", "\u2011");
}

function sortLabel(key: string, board: LeaderboardView): string {
  if (key === "team") return "team name";
  if (key === "submitted") return "submission time";
  return board.measures.find((m) => m.key === key)?.label ?? key;
}
