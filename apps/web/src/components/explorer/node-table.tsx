"use client";

import type { NodeRow } from "@hierboard/platform";
import { useMemo, useState } from "react";
import { nodesCsv } from "./node-csv";
import { formatRate } from "./node-measures";

type Key = "label" | "depth" | "support" | "predicted" | "tp" | "fp" | "fn" | "precision" | "recall" | "f1" | "errorShare" | "difference";

const COLUMNS: { key: Key; label: string; numeric: boolean }[] = [
  { key: "label", label: "Label", numeric: false },
  { key: "depth", label: "Depth", numeric: true },
  { key: "support", label: "Support", numeric: true },
  { key: "predicted", label: "Predicted", numeric: true },
  { key: "tp", label: "TP", numeric: true },
  { key: "fp", label: "FP", numeric: true },
  { key: "fn", label: "FN", numeric: true },
  { key: "precision", label: "P", numeric: true },
  { key: "recall", label: "R", numeric: true },
  { key: "f1", label: "F1", numeric: true },
  { key: "errorShare", label: "Errors", numeric: true },
];

function cellValue(row: NodeRow, key: Key, difference?: (node: NodeRow) => number | null): string | number | null {
  return key === "difference" ? (difference?.(row) ?? null) : row[key];
}

/** Rows shown before "Show more": the table follows the picture, so the page stays short on a phone. */
const FIRST_ROWS = 25;

const RATES = new Set<Key>(["precision", "recall", "f1", "difference"]);

/** The nodes drawn in the icicle as a sortable table (for screen readers and phones), with a CSV download. */
export function NodeTable({
  rows,
  difference,
  fileName,
}: {
  rows: readonly NodeRow[];
  difference?: (row: NodeRow) => number | null;
  fileName: string;
}) {
  const [all, setAll] = useState(false);
  const [sort, setSort] = useState<{ key: Key; descending: boolean }>({ key: "errorShare", descending: true });
  const columns = difference ? [...COLUMNS, { key: "difference" as const, label: "Δ F1", numeric: true }] : COLUMNS;
  const value = (row: NodeRow, key: Key) => cellValue(row, key, difference);
  const sorted = useMemo(() => {
    const out = [...rows];
    out.sort((a, b) => {
      const x = cellValue(a, sort.key, difference);
      const y = cellValue(b, sort.key, difference);
      const order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
      return sort.descending && x !== null && y !== null ? -order : order;
    });
    return out;
  }, [rows, sort, difference]);
  const download = () => {
    const url = URL.createObjectURL(new Blob([nodesCsv(sorted, difference)], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="node-table-title" className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="node-table-title" className="text-base font-semibold text-slate-900">
          The nodes drawn above ({rows.length})
        </h2>
        <button
          type="button"
          onClick={download}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          Download CSV
        </button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="explorer-table">
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-2 py-1.5 ${c.numeric ? "text-right" : "text-left"}`}
                  aria-sort={sort.key === c.key ? (sort.descending ? "descending" : "ascending") : "none"}
                >
                  <button
                    type="button"
                    className="uppercase hover:underline"
                    onClick={() => setSort((s) => ({ key: c.key, descending: s.key === c.key ? !s.descending : c.numeric }))}
                  >
                    {c.label}
                    {sort.key === c.key ? (sort.descending ? " ↓" : " ↑") : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, all ? 500 : FIRST_ROWS).map((row) => (
              <tr key={row.label} className="border-b border-slate-100">
                {columns.map((c) => {
                  const v = value(row, c.key);
                  const text =
                    c.key === "errorShare"
                      ? `${(100 * (v as number)).toFixed(1)}%`
                      : RATES.has(c.key)
                        ? formatRate(v as number | null)
                        : String(v);
                  return (
                    <td key={c.key} className={`px-2 py-1 ${c.numeric ? "text-right tabular-nums" : "break-words"}`}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > FIRST_ROWS && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          The first {all ? Math.min(500, rows.length) : FIRST_ROWS} of {rows.length} rows in this order are shown; the CSV holds all.
          <button type="button" onClick={() => setAll(!all)} className="font-medium text-sky-700 hover:underline">
            {all ? "Show fewer" : "Show more"}
          </button>
        </p>
      )}
    </section>
  );
}
