"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RateRow } from "@/lib/report-breakdown";

// Colour-blind-safe trio (Okabe–Ito), readable on white.
export const RATE_COLOURS = { precision: "#0072B2", recall: "#E69F00", f1: "#009E73" } as const;

const fmt = (value: unknown) => (typeof value === "number" ? value.toFixed(4) : "n/a");
const tick = (value: number) => value.toFixed(1);
// Legend text in the body colour: the series colours alone are too light for text on white.
const legendText = (value: string) => <span style={{ color: "#334155" }}>{value}</span>;

/**
 * Grouped bars of precision, recall and F1 per group (a depth or a top-level category). Long
 * category names go on a horizontal layout so they stay readable. Props are plain data: this is
 * a client component rendered from server pages.
 */
export function RateBars({ rows, groupPrefix = "", horizontal = false }: { rows: RateRow[]; groupPrefix?: string; horizontal?: boolean }) {
  const data = rows.map((r) => ({
    name: groupPrefix ? `${groupPrefix} ${r.group}` : r.group,
    precision: r.precision,
    recall: r.recall,
    f1: r.f1,
    counts: `TP ${r.tp} · FP ${r.fp} · FN ${r.fn}`,
  }));
  const height = horizontal ? Math.max(220, 56 * data.length + 60) : 280;
  return (
    <div style={{ width: "100%", height }}>
      <ResponsiveContainer width="100%" height="100%">
        {horizontal ? (
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }} barCategoryGap="20%">
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" domain={[0, 1]} tickCount={6} tickFormatter={tick} tick={{ fontSize: 12, fill: "#475569" }} />
            <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12, fill: "#334155" }} interval={0} />
            <Tooltip formatter={fmt} labelFormatter={(label, payload) => `${label} (${payload?.[0]?.payload?.counts ?? ""})`} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendText} />
            <Bar dataKey="precision" name="Precision" fill={RATE_COLOURS.precision} isAnimationActive={false} />
            <Bar dataKey="recall" name="Recall" fill={RATE_COLOURS.recall} isAnimationActive={false} />
            <Bar dataKey="f1" name="F1" fill={RATE_COLOURS.f1} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart data={data} margin={{ top: 4, right: 16, bottom: 4, left: 0 }} barCategoryGap="25%">
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="name" tick={{ fontSize: 12, fill: "#334155" }} interval={0} />
            <YAxis domain={[0, 1]} tickCount={6} tickFormatter={tick} tick={{ fontSize: 12, fill: "#475569" }} />
            <Tooltip formatter={fmt} labelFormatter={(label, payload) => `${label} (${payload?.[0]?.payload?.counts ?? ""})`} />
            <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={legendText} />
            <Bar dataKey="precision" name="Precision" fill={RATE_COLOURS.precision} isAnimationActive={false} />
            <Bar dataKey="recall" name="Recall" fill={RATE_COLOURS.recall} isAnimationActive={false} />
            <Bar dataKey="f1" name="F1" fill={RATE_COLOURS.f1} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
