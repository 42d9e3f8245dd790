import { InputError } from "../../errors/input-error.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";

/** Edge weights: every edge 1, or Vens et al.'s depth decay with base w0. */
export type EdgeWeights = "constant" | { readonly decay: number };

/** Options of the `distance` family, from `extra.distance`. */
export interface DistanceOptions {
  /** Dis_θ, the acceptable distance (> 0; default 2). */
  readonly disTheta: number;
  /** Default "constant". */
  readonly weights: EdgeWeights;
  /** Which label sets enter Eq. 7–8: closed under ancestors (default) or as written. */
  readonly labels: "closure" | "asWritten";
}

export const DEFAULT_DISTANCE_OPTIONS: DistanceOptions = { disTheta: 2, weights: "constant", labels: "closure" };

/**
 * Reads and checks `extra.distance`:
 * `{ disTheta?: number > 0, weights?: "constant" | { decay: w0 in (0, 1] }, labels?: "closure" | "asWritten" }`.
 *
 * @example
 * distanceOptions(scoringContext(taxonomy, { extra: { distance: { disTheta: 3 } } }));
 * // { disTheta: 3, weights: "constant", labels: "closure" }
 */
export function distanceOptions(ctx: ScoringContext): DistanceOptions {
  const raw = ctx.options.extra.distance as Record<string, unknown> | undefined;
  if (raw === undefined) return DEFAULT_DISTANCE_OPTIONS;
  if (typeof raw !== "object" || raw === null)
    throw new InputError("BAD_OPTION", `expected distance options as an object, got ${JSON.stringify(raw)}`);
  const disTheta = raw.disTheta ?? DEFAULT_DISTANCE_OPTIONS.disTheta;
  if (typeof disTheta !== "number" || !(disTheta > 0) || !Number.isFinite(disTheta)) {
    throw new InputError("BAD_OPTION", `expected distance.disTheta to be a number > 0, got ${JSON.stringify(disTheta)}`);
  }
  const labels = raw.labels ?? DEFAULT_DISTANCE_OPTIONS.labels;
  if (labels !== "closure" && labels !== "asWritten") {
    throw new InputError("BAD_OPTION", `expected distance.labels to be "closure" or "asWritten", got ${JSON.stringify(labels)}`);
  }
  return { disTheta, weights: edgeWeights(raw.weights ?? DEFAULT_DISTANCE_OPTIONS.weights), labels };
}

function edgeWeights(raw: unknown): EdgeWeights {
  if (raw === "constant") return raw;
  const decay = (raw as { decay?: unknown } | null)?.decay;
  if (typeof raw === "object" && raw !== null && typeof decay === "number" && decay > 0 && decay <= 1) return { decay };
  throw new InputError(
    "BAD_OPTION",
    `expected distance.weights to be "constant" or { decay: w0 } with 0 < w0 ≤ 1, got ${JSON.stringify(raw)}`,
  );
}
