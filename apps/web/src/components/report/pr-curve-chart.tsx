"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PrPoint } from "@/lib/report-breakdown";
import { RATE_COLOURS } from "./rate-bars";

/** The soft family's threshold sweep as a precision-recall curve (recall on x). */
export function PrCurveChart({ points }: { points: PrPoint[] }) {
  return (
    <div style={{ width: "100%", height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 20, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            type="number"
            dataKey="recall"
            domain={[0, 1]}
            tickCount={6}
            tickFormatter={(v: number) => v.toFixed(1)}
            tick={{ fontSize: 12, fill: "#475569" }}
            label={{ value: "Recall (hR)", position: "insideBottom", offset: -12, fontSize: 12, fill: "#334155" }}
          />
          <YAxis
            domain={[0, 1]}
            tickCount={6}
            tickFormatter={(v: number) => v.toFixed(1)}
            tick={{ fontSize: 12, fill: "#475569" }}
            label={{ value: "Precision (hP)", angle: -90, position: "insideLeft", offset: 12, fontSize: 12, fill: "#334155" }}
          />
          <Tooltip
            formatter={(value) => (typeof value === "number" ? value.toFixed(4) : String(value))}
            labelFormatter={(_label, payload) => `threshold ${payload?.[0]?.payload?.threshold ?? ""}`}
          />
          <Line
            type="stepAfter"
            dataKey="precision"
            name="Precision"
            stroke={RATE_COLOURS.precision}
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
