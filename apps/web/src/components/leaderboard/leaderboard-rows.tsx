"use client";

import Link from "next/link";
import { Fragment } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatInterval, formatIntervalBeside, formatScore } from "@/lib/format-score";
import { formatUtc } from "@/lib/utc";
import type { CompactBar, CompactRow, CompactScore } from "./compact-rows";

/**
 * The board's body rows. A client component fed compact data (see compact-rows.ts): the server
 * renders them to HTML once, and the page's RSC payload carries numbers instead of a second copy
 * of every row's markup, which was half of a 200-row board's bytes and server time.
 */
export function LeaderboardRows({
  rows,
  measures,
  showTies,
  tiedBelowLast,
  submissionBase,
  teamBase,
  ownTeam,
  shakeUp = false,
  averageRank = false,
}: {
  rows: readonly CompactRow[];
  /** The shown measures' labels in the rows' score order; the first is the primary one. */
  measures: readonly string[];
  showTies: boolean;
  /** Whether the row after the last one shown (on the next page) is tied with it. */
  tiedBelowLast: boolean;
  /** Reports' path prefix (`/tasks/<slug>/submissions/`), when reports are public. */
  submissionBase: string | null;
  /** Team pages' path prefix (`/tasks/<slug>/teams/`). */
  teamBase: string | null;
  ownTeam: string | null;
  /** A split phase's private board: a shake-up cell after the primary score (public rank → this rank). */
  shakeUp?: boolean;
  /** The board has an average-rank column, after the measures. */
  averageRank?: boolean;
}) {
  return rows.map((row, i) => {
    const [rank, teamName, submissionId, submittedAt, isBaseline, tie, scores, bars, run, teamId, meanRank, publicRank] = row;
    const tiedWithAbove = showTies && tie?.[1] === true;
    const nextTied = showTies && (i + 1 < rows.length ? Boolean(rows[i + 1]![5]?.[1]) : tiedBelowLast);
    const own = !isBaseline && ownTeam != null && teamName === ownTeam;
    const shaded = showTies && (tie?.[0] ?? 0) % 2 === 0;
    const tint = own ? "lb-own" : isBaseline ? "bg-slate-50 text-slate-600" : shaded ? "bg-brand-50/40" : "";
    const pValue = tie?.[2];
    const tieNote = tiedWithAbove && pValue != null ? `tied with the row above, p = ${pValue.toFixed(3)}` : undefined;
    return (
      <tr
        key={submissionId}
        className={`${showTies && !tiedWithAbove ? "border-t border-slate-200" : "border-t border-transparent"} ${tint} hover:bg-slate-100/60`}
        aria-current={own ? "true" : undefined}
        data-own-team={own ? "" : undefined}
      >
        <td className="lb-rank">
          {showTies && tie && (tiedWithAbove || nextTied) && (
            <span aria-hidden="true" className={cn("lb-tb", tiedWithAbove && "up", nextTied && "down")} />
          )}
          {rank === null ? <span className="text-slate-500">—</span> : rank}
        </td>
        <th scope="row" className="lb-team">
          <span className="lb-name">
            {teamBase && teamId ? (
              <Link href={`${teamBase}${teamId}`} className="hover:text-brand-700 hover:underline">
                {teamName}
              </Link>
            ) : (
              teamName
            )}
            {submissionBase && (
              <Link href={`${submissionBase}${submissionId}`} className="text-xs font-normal text-brand-700 hover:underline">
                report<span className="sr-only"> of {teamName}</span>
              </Link>
            )}
            {run !== null && (
              <span className="basis-full truncate text-xs font-normal text-slate-500" title={run}>
                <span className="sr-only">run </span>
                {run}
              </span>
            )}
            {isBaseline && <Badge>Baseline</Badge>}
            {own && <span className="lb-you">your team</span>}
            {tiedWithAbove && (
              <span className="lb-tie" title={tieNote}>
                <span aria-hidden="true">≈ above</span>
                <span className="sr-only">{tieNote}</span>
              </span>
            )}
          </span>
        </th>
        {measures.map((label, k) =>
          k === 0 ? (
            <Fragment key={k}>
              <PrimaryCell label={label} score={scores[0] ?? null} bar={bars[0] ?? null} />
              {shakeUp && <ShakeUpCell publicRank={publicRank ?? null} rank={rank} />}
            </Fragment>
          ) : (
            <OtherCell key={k} label={label} score={scores[k] ?? null} bar={bars[k] ?? null} />
          ),
        )}
        {averageRank && (
          <td className="lb-td" data-testid="average-rank">
            {meanRank === null ? <span className="text-slate-500">—</span> : meanRank.toFixed(2)}
          </td>
        )}
        <td className="lb-time">
          <SubmittedAt iso={submittedAt} />
        </td>
      </tr>
    );
  });
}

function PrimaryCell({ label, score, bar }: { label: string; score: CompactScore | null; bar: CompactBar | null }) {
  const [value, lower, upper, excluded] = score ?? [null, null, null, false];
  return (
    <td className="lb-main" title={intervalTitle(label, score)}>
      {formatScore(value)}
      {bar ? (
        <>
          <Bar bar={bar} />
          <span className="lb-pm mt-0.5">
            <span className="sr-only">95% interval </span>
            {formatInterval(lower, upper)}
            <ExcludedMark excluded={excluded} />
          </span>
        </>
      ) : (
        lower != null && (
          <span className="lb-pm">
            {formatInterval(lower, upper)}
            <ExcludedMark excluded={excluded} />
          </span>
        )
      )}
    </td>
  );
}

function OtherCell({ label, score, bar }: { label: string; score: CompactScore | null; bar: CompactBar | null }) {
  const [value, lower, upper, excluded] = score ?? [null, null, null, false];
  return (
    <td className="lb-td" title={intervalTitle(label, score)}>
      {formatScore(value)}
      {bar && <Bar bar={bar} thin />}
      {value != null && lower != null && upper != null && (
        <span className="lb-pm">
          <span className="sr-only">95% interval {formatInterval(lower, upper)}, </span>
          <span aria-hidden="true">{formatIntervalBeside(value, lower, upper, excluded)}</span>
          <ExcludedMark excluded={excluded} />
        </span>
      )}
    </td>
  );
}

/** A run's move from its public rank to its rank here (the private part): ▲ up, ▼ down, = unchanged. */
function ShakeUpCell({ publicRank, rank }: { publicRank: number | null; rank: number | null }) {
  if (publicRank === null || rank === null) return <td className="lb-td text-slate-400">—</td>;
  const move = publicRank - rank;
  const words = `public rank ${publicRank}, private rank ${rank}`;
  return (
    <td className={cn("lb-td", move > 0 ? "text-emerald-700" : move < 0 ? "text-rose-700" : "text-slate-500")} title={words}>
      <span aria-hidden="true">{move > 0 ? `▲ ${move}` : move < 0 ? `▼ ${-move}` : "="}</span>
      <span className="block text-xs font-normal text-slate-500" aria-hidden="true">
        was {publicRank}
      </span>
      <span className="sr-only">{words}</span>
    </td>
  );
}

/** The interval as a band and the score as a tick, on the column's scale (a hairline for the other columns). */
function Bar({ bar: [left, width, point], thin = false }: { bar: CompactBar; thin?: boolean }) {
  return (
    <span className={thin ? "lb-bar thin" : "lb-bar"} aria-hidden="true">
      <span className="lb-ci" style={{ left: `${left}%`, width: `${width}%` }} />
      <span className="lb-pt" style={{ left: `${point}%` }} />
    </span>
  );
}

/** The mark of an interval that does not contain its score; the board's notes explain it. */
function ExcludedMark({ excluded }: { excluded: boolean }) {
  if (!excluded) return null;
  return (
    <span data-testid="excludes-estimate" title="The interval does not contain the score">
      ‡<span className="sr-only"> (the interval does not contain the score)</span>
    </span>
  );
}

/** Hover text of a score cell: the value and, when the subtask has bootstrap on, its 95% interval. */
function intervalTitle(label: string, score: CompactScore | null): string | undefined {
  if (!score || score[0] === null) return undefined;
  const interval = score[1] != null && score[2] != null ? `, 95% bootstrap interval ${formatInterval(score[1], score[2])}` : "";
  return `${label} ${formatScore(score[0])}${interval}`;
}

/** The submission time as date over clock (UTC): a narrow last column, so a board of seven measures fits 1280 px without scrolling. */
function SubmittedAt({ iso }: { iso: string }) {
  const [day, clock] = formatUtc(iso).replace(" UTC", "").split(" ");
  return (
    <time dateTime={iso}>
      {day}
      <span className="block text-xs text-slate-500">{clock}</span>
    </time>
  );
}
