"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { EmptyState } from "@/components/ui/card";
import { FileName } from "@/components/ui/file-name";
import { StatusBadge, type SubmissionStatus } from "@/components/ui/badge";
import { UtcTime } from "@/components/ui/utc-time";
import { formatScore } from "@/lib/format-score";
import { TableHead } from "@/components/ui/table-head";

export interface HistoryRow {
  id: string;
  fileName: string;
  subtask: string;
  phase: string;
  status: SubmissionStatus;
  error: string | null;
  primaryLabel: string | null;
  primaryValue: number | null;
  /** Blind phase: scored, value withheld until the results are published. */
  scoreHidden?: boolean;
  /** Primary score by gold version, newest first; older versions shown after a re-score. */
  versions?: { goldVersion: number; value: number | null }[];
  createdAt: string;
  uploader: string;
}

const POLL_MS = 2000;

/** The team's submissions; rows still queued or scoring poll their status route until they settle. */
export function SubmissionHistory({ slug, initial }: { slug: string; initial: HistoryRow[] }) {
  const [rows, setRows] = useState(initial);
  useEffect(() => setRows(initial), [initial]);

  const pending = rows.filter((row) => row.status === "QUEUED" || row.status === "SCORING").map((row) => row.id);
  const pendingKey = pending.join(",");

  useEffect(() => {
    if (pendingKey === "") return;
    let cancelled = false;
    const timer = setInterval(async () => {
      const updates = await Promise.all(
        pendingKey.split(",").map(async (id) => {
          const response = await fetch(`/api/submissions/${id}/status`, { cache: "no-store" }).catch(() => null);
          if (!response?.ok) return null;
          const body = (await response.json()) as { submission: SubmissionStatusBody };
          return body.submission;
        }),
      );
      if (cancelled) return;
      setRows((current) =>
        current.map((row) => {
          const update = updates.find((u) => u?.id === row.id);
          if (!update) return row;
          return {
            ...row,
            status: update.status,
            error: update.errorMessage ?? null,
            primaryLabel: row.primaryLabel ?? update.primaryMeasure ?? null,
            primaryValue: update.primaryValue ?? row.primaryValue,
            scoreHidden: update.scoresHidden ?? row.scoreHidden,
          };
        }),
      );
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pendingKey]);

  if (rows.length === 0) return <EmptyState title="No submissions yet">Your team's uploads appear here.</EmptyState>;

  return (
    <div className="-mx-5 overflow-x-auto">
      {/* Phones: two columns (the file with its subtask, status and time; the score), so the score stays in view. */}
      <table className="w-full text-left text-sm sm:min-w-[40rem]" data-testid="submission-history">
        <caption className="sr-only">Your team's submissions, newest first</caption>
        <TableHead
          columns={[
            { label: "File" },
            { label: "Subtask", className: "max-sm:hidden" },
            { label: "Status", className: "max-sm:hidden" },
            { label: "Primary score", numeric: true, className: "whitespace-nowrap" },
            { label: "Uploaded", className: "max-sm:hidden" },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-status={row.status} className="align-top">
              <td className="py-2.5 pl-5 pr-4">
                <Link
                  href={`/tasks/${slug}/submissions/${row.id}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  <FileName name={row.fileName} />
                </Link>
                <p className="text-xs text-slate-500">
                  by {row.uploader}
                  <span className="sm:hidden">
                    {" "}
                    · <UtcTime value={row.createdAt} />
                  </span>
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 sm:hidden">
                  <StatusBadge status={row.status} />
                  <span>
                    {row.subtask} · {row.phase}
                  </span>
                </p>
                {row.status === "FAILED" && row.error && <p className="mt-1 max-w-md text-xs text-red-700">{row.error}</p>}
              </td>
              <td className="py-2.5 pr-4 text-slate-700 max-sm:hidden">
                {row.subtask}
                <span className="block text-xs text-slate-500">{row.phase}</span>
              </td>
              <td className="py-2.5 pr-4 max-sm:hidden">
                <StatusBadge status={row.status} />
              </td>
              <td className="tabular py-2.5 pr-4 text-right max-sm:pr-5">
                {row.status === "SCORED" && row.scoreHidden ? (
                  <span className="text-xs text-slate-500" data-testid="score-hidden">
                    scored · hidden until results
                  </span>
                ) : row.status === "SCORED" ? (
                  <>
                    <span className="font-semibold text-slate-900">{formatScore(row.primaryValue)}</span>
                    {row.primaryLabel && <span className="block text-xs text-slate-500">{row.primaryLabel}</span>}
                    {row.versions && row.versions.length > 1 && (
                      <span className="block text-xs text-slate-500" data-testid="score-versions">
                        {row.versions.map((v) => `gold v${v.goldVersion}: ${formatScore(v.value)}`).join(" · ")}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </td>
              <td className="py-2.5 pr-5 text-slate-600 max-sm:hidden">
                <UtcTime value={row.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface SubmissionStatusBody {
  id: string;
  status: SubmissionStatus;
  errorMessage?: string | null;
  primaryMeasure?: string | null;
  primaryValue?: number | null;
  scoresHidden?: boolean;
}
