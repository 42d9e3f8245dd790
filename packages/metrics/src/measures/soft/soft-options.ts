import { InputError } from "../../errors/input-error.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";

/** Options of the `soft` family, read from `extra.soft`; every one has a default. */
export interface SoftOptions {
  /** Thresholds of the sweep, ascending, each in (0, 1]. Default 0.05, 0.10, …, 1. */
  readonly thresholds: readonly number[];
  /** Decimals of the AU(PRC) score grid (1–6, default 4): exact for scores with at most this many decimals. */
  readonly scoreDecimals: number;
  /** Largest taxonomy (in labels) for which B̄_a and δ̄_a are computed; they need a labels × labels matrix. Default 1500. */
  readonly maxConfusionLabels: number;
}

export const DEFAULT_THRESHOLD_STEP = 0.05;
export const DEFAULT_SCORE_DECIMALS = 4;
export const DEFAULT_MAX_CONFUSION_LABELS = 1500;

/**
 * Reads and checks `ctx.options.extra.soft`:
 * `{ thresholds?: number[] | thresholdStep?: number, scoreDecimals?: number, maxConfusionLabels?: number }`.
 *
 * @example
 * softOptions({ soft: { thresholdStep: 0.25 } }).thresholds; // [0.25, 0.5, 0.75, 1]
 */
export function softOptions(extra: ScoringContext["options"]["extra"]): SoftOptions {
  const raw = extra.soft ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw bad("the soft options to be an object", raw);
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!["thresholds", "thresholdStep", "scoreDecimals", "maxConfusionLabels"].includes(key))
      throw bad("a soft option among thresholds, thresholdStep, scoreDecimals, maxConfusionLabels", key);
  }
  let thresholds: number[];
  if (o.thresholds !== undefined) {
    if (o.thresholdStep !== undefined) throw bad("either soft thresholds or a soft thresholdStep", "both");
    if (!Array.isArray(o.thresholds) || o.thresholds.length === 0 || !o.thresholds.every((t) => typeof t === "number" && t > 0 && t <= 1)) {
      throw bad("soft thresholds as a non-empty list of numbers in (0, 1]", o.thresholds);
    }
    thresholds = [...new Set(o.thresholds as number[])].sort((a, b) => a - b);
  } else {
    const step = o.thresholdStep ?? DEFAULT_THRESHOLD_STEP;
    if (typeof step !== "number" || !(step > 0 && step <= 1)) throw bad("a soft thresholdStep in (0, 1]", step);
    thresholds = [];
    // k·step rounded to 12 decimals is the double a user would type (0.15, not 0.15000000000000002).
    for (let k = 1; k * step <= 1 + 1e-9; k++) thresholds.push(Math.min(1, Number((k * step).toFixed(12))));
  }
  const scoreDecimals = o.scoreDecimals ?? DEFAULT_SCORE_DECIMALS;
  if (typeof scoreDecimals !== "number" || !Number.isInteger(scoreDecimals) || scoreDecimals < 1 || scoreDecimals > 6)
    throw bad("soft scoreDecimals as a whole number from 1 to 6", scoreDecimals);
  const maxConfusionLabels = o.maxConfusionLabels ?? DEFAULT_MAX_CONFUSION_LABELS;
  if (typeof maxConfusionLabels !== "number" || !Number.isInteger(maxConfusionLabels) || maxConfusionLabels < 0)
    throw bad("soft maxConfusionLabels as a whole number ≥ 0", maxConfusionLabels);
  return { thresholds, scoreDecimals, maxConfusionLabels };
}

function bad(expected: string, got: unknown): InputError {
  return new InputError("BAD_OPTION", `expected ${expected}, got ${JSON.stringify(got)}`);
}
