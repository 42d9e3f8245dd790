import Link from "next/link";
import { Fragment } from "react";
import { MeasureHint } from "@/components/measures/measure-hint";
import { EmptyState } from "@/components/ui/card";
import { EXCLUDES_ESTIMATE_NOTE, INTERVAL_METHOD_NAME } from "@hierboard/platform";
import { formatUtc } from "@/lib/utc";
import { BoardPages, pageSlice, type BoardPageNav } from "./board-pages";
import { toCompactRows } from "./compact-rows";
import { LeaderboardRows } from "./leaderboard-rows";
import type { LeaderboardView, SortOrder } from "./types";
import { cn } from "@/lib/cn";

/**
 * The main board: one row per team, ranked under the primary measure, with each score's bootstrap
 * 95% interval and the statistical tie groups. Column headers are links that sort on the server
 * (`aria-sort` on the sorted one), so sorting works with a keyboard and without JavaScript.
 */
export function LeaderboardTable({
  board,
  caption,
  submissionBase,
  teamBase,
  sortHref,
  ownTeam,
  page,
}: {
  board: LeaderboardView;
  caption: string;
  /** The viewer's team name: its row is highlighted. */
  ownTeam?: string | null;
  /** Reports' path prefix, the submission id follows (`/tasks/<slug>/submissions/`); none: no links. */
  submissionBase?: string;
  /** Team pages' path prefix, the team id follows (`/tasks/<slug>/teams/`); none: names are plain text. */
  teamBase?: string;
  /** Where a header links to sort by its column; without it the headers are plain text. */
  sortHref?: (key: string, order: SortOrder) => string;
  /** Show one page of rows (see board-pages.ts); without it every row. */
  page?: BoardPageNav;
}) {
  if (board.hiddenBlind) {
    return (
      <EmptyState title="The results of this blind phase are not published yet">
        Nobody sees scores here, not even their own team&rsquo;s, until the organisers publish the results. The phase ends or ended at{" "}
        {formatUtc(board.hiddenUntil ?? "")}.
      </EmptyState>
    );
  }
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
  const shakeUp = board.split?.part === "private";
  const { from, to } = pageSlice(board.rows.length, page?.current);
  const shown = board.rows.slice(from, to);
  const rows = toCompactRows(shown, [board.primary.key, ...others.map((m) => m.key)]);
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
              {shakeUp && (
                <th scope="col" className="py-2.5 pr-4 text-right font-medium" title="Each run's move from its rank on the public part">
                  {unbreakable("Shake-up")}
                </th>
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
              {board.averageRank && header("averageRank", "Avg. rank", { align: "right", firstOrder: "asc" })}
              {header("submitted", "Submitted (UTC)", { firstOrder: "desc", className: "pr-5" })}
            </tr>
          </thead>
          <tbody>
            <LeaderboardRows
              rows={rows}
              measures={[board.primary.label, ...others.map((m) => m.label)]}
              showTies={showTies}
              tiedBelowLast={Boolean(board.rows[to]?.tie?.tiedWithAbove)}
              submissionBase={submissionBase ?? null}
              teamBase={teamBase ?? null}
              ownTeam={ownTeam ?? null}
              shakeUp={shakeUp}
              averageRank={board.averageRank ?? false}
            />
          </tbody>
        </table>
      </div>
      {page && <BoardPages nav={page} total={board.rows.length} from={from} to={to} />}
      <div className="space-y-1 px-5 pt-3 text-xs leading-5 text-slate-600">
        <p>
          Ranked by {board.primary.label} ({board.primary.higherIsBetter ? "higher" : "lower"} is better), using {board.counting}. Tied
          scores share a rank; baselines are shown but not ranked.
          {board.averageRank && <> Avg. rank: a team&rsquo;s mean rank over the {board.measures.length} measures shown.</>}
          {board.goldVersions && board.goldVersions.length > 0 && <> Scored against gold version {board.goldVersions.join(", ")}.</>}
        </p>
        {board.split && <p data-testid="split-note">{board.split.sentence}</p>}
        {board.rows.some((r) => r.bar) && (
          <p>
            Bars show each {board.primary.label} with its 95% {INTERVAL_METHOD_NAME} bootstrap interval, on one scale per column.
          </p>
        )}
        {rows.some((row) => row[6].some((score) => score?.[3])) && <p data-testid="excludes-estimate-note">{EXCLUDES_ESTIMATE_NOTE}</p>}
        {board.untestedMeasure && (
          <p data-testid="untested-measure-note">
            {board.untestedMeasure}: its intervals resample documents, but neighbours are not tie-tested (its statistics are not stored per
            document).
          </p>
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
  if (key === "averageRank") return "average rank";
  return board.measures.find((m) => m.key === key)?.label ?? key;
}
