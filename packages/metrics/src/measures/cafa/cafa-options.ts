import { InputError } from "../../errors/input-error.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";

export type CafaPropagation = "max" | "fill";
export type CafaNormalisation = "cafa" | "gt" | "pred";

/** Options of the `cafa` family, read from `extra.cafa`; the defaults are CAFA-evaluator's. */
export interface CafaOptions {
  /** `max`: a term's score is the largest of its own and its descendants'; `fill`: only unscored terms inherit. */
  readonly propagation: CafaPropagation;
  /** What precision, recall, RU and MI are averaged over (see the glossary). */
  readonly normalisation: CafaNormalisation;
  /** Step h of the sweep τ_i = h + i·h, i = 0 … ceil((1 − h)/h) − 1. Default 0.01. */
  readonly thresholdStep: number;
  /** Leave the namespace roots out of the unweighted measures (CAFA-evaluator's `-no_orphans`). Default false. */
  readonly excludeRoots: boolean;
  /** Information accretion per term name, when given: enables the weighted measures. */
  readonly ia: ReadonlyMap<string, number> | undefined;
}

const KEYS = ["propagation", "normalisation", "thresholdStep", "excludeRoots", "ia"];

/**
 * Reads and checks `ctx.options.extra.cafa`:
 * `{ propagation?, normalisation?, thresholdStep?, excludeRoots?, ia?: { term: weight } }`.
 *
 * @example
 * cafaOptions({ cafa: { thresholdStep: 0.25 } }).thresholdStep; // 0.25
 */
export function cafaOptions(extra: ScoringContext["options"]["extra"]): CafaOptions {
  const raw = extra.cafa ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw bad("the cafa options to be an object", raw);
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!KEYS.includes(key)) throw bad(`a cafa option among ${KEYS.join(", ")}`, key);
  const propagation = o.propagation ?? "max";
  if (propagation !== "max" && propagation !== "fill") throw bad('cafa propagation "max" or "fill"', propagation);
  const normalisation = o.normalisation ?? "cafa";
  if (normalisation !== "cafa" && normalisation !== "gt" && normalisation !== "pred")
    throw bad('cafa normalisation "cafa", "gt" or "pred"', normalisation);
  const thresholdStep = o.thresholdStep ?? 0.01;
  if (typeof thresholdStep !== "number" || !(thresholdStep >= 0.0001 && thresholdStep < 1))
    throw bad("a cafa thresholdStep in [0.0001, 1)", thresholdStep);
  const excludeRoots = o.excludeRoots ?? false;
  if (typeof excludeRoots !== "boolean") throw bad("cafa excludeRoots true or false", excludeRoots);
  return { propagation, normalisation, thresholdStep, excludeRoots, ia: iaWeights(o.ia) };
}

function iaWeights(raw: unknown): ReadonlyMap<string, number> | undefined {
  if (raw === undefined) return undefined;
  if (raw instanceof Map) return raw as ReadonlyMap<string, number>;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw bad("cafa ia as an object of term weights", raw);
  const weights = new Map<string, number>();
  for (const [term, weight] of Object.entries(raw)) {
    if (typeof weight !== "number") throw bad(`a number as the cafa ia weight of ${JSON.stringify(term)}`, weight);
    weights.set(term, weight);
  }
  return weights;
}

/**
 * The sweep's thresholds as CAFA-evaluator computes them: h + i·h in doubles (so 0.06 is
 * 0.060000000000000005), K = ceil((1 − h)/h) of them; 1 is never one.
 */
export function cafaThresholds(step: number): Float64Array {
  const count = Math.ceil((1 - step) / step);
  return Float64Array.from({ length: count }, (_, i) => step + i * step);
}

function bad(expected: string, got: unknown): InputError {
  return new InputError("BAD_OPTION", `expected ${expected}, got ${JSON.stringify(got)}`);
}
