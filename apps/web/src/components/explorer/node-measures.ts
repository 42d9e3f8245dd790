import type { NodeRow } from "@hierboard/platform";

/** The per-node measures the explorer can colour by. */
export const NODE_MEASURES = {
  f1: { label: "F1", higherIsBetter: true },
  precision: { label: "Precision", higherIsBetter: true },
  recall: { label: "Recall", higherIsBetter: true },
  errorShare: { label: "Share of errors", higherIsBetter: false },
} as const;
export type NodeMeasure = keyof typeof NODE_MEASURES;

export function measureOf(row: NodeRow | undefined, measure: NodeMeasure): number | null {
  return row ? row[measure] : null;
}

/** A rate in [0, 1] as a colour from red (0) through amber to green (1); grey when undefined. */
export function rateColour(value: number | null, higherIsBetter: boolean): string {
  if (value === null) return "#cbd5e1";
  const good = higherIsBetter ? value : 1 - Math.min(1, value * 5);
  return `hsl(${Math.round(120 * good)} 65% ${Math.round(42 + 10 * (1 - Math.abs(good - 0.5) * 2))}%)`;
}

/** A difference in [-1, 1] as a colour: blue where the first system is better, red where the second is, white where equal. */
export function differenceColour(value: number | null): string {
  if (value === null) return "#cbd5e1";
  const strength = Math.min(1, Math.abs(value));
  return `hsl(${value >= 0 ? 215 : 0} 75% ${Math.round(97 - 47 * strength)}%)`;
}

export const formatRate = (value: number | null) => (value === null ? "–" : value.toFixed(3));
