import { InputError } from "../errors/input-error.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { parseZeroDivision, type ZeroDivision } from "./zero-division.ts";

/** Options every measure family can read; each has an explicit default. */
export interface ScoringOptions {
  /** Soft scores at or above this count as predicted labels (default 0.5). */
  readonly threshold: number;
  /** β of the hierarchical Fβ (default 1). */
  readonly beta: number;
  /** What a ratio with a zero denominator gives: 0 (default), 1 or "nan", as scikit-learn's `zero_division`. */
  readonly zeroDivision?: ZeroDivision;
  /**
   * Family-specific options as given (e.g. `{ lca: { graph: "minimal" } }`): read only by each
   * family's `parseOptions`, once per context, into its typed options (see `familyOptions`).
   */
  readonly extra: Readonly<Record<string, unknown>>;
}

export const DEFAULT_SCORING_OPTIONS: ScoringOptions = { threshold: 0.5, beta: 1, extra: {} };

/** What a measure family sees besides the document: the taxonomy and the options. */
export interface ScoringContext {
  readonly taxonomy: Taxonomy;
  readonly options: ScoringOptions;
}

/** Checks options and builds the scoring context. */
export function scoringContext(
  taxonomy: Taxonomy,
  input: { threshold?: number; beta?: number; zeroDivision?: unknown; extra?: Readonly<Record<string, unknown>> } = {},
): ScoringContext {
  const options: ScoringOptions = {
    threshold: input.threshold ?? DEFAULT_SCORING_OPTIONS.threshold,
    beta: input.beta ?? DEFAULT_SCORING_OPTIONS.beta,
    zeroDivision: parseZeroDivision(input.zeroDivision),
    extra: input.extra ?? {},
  };
  if (!(options.threshold >= 0 && options.threshold <= 1))
    throw new InputError("BAD_OPTION", `expected a threshold in [0, 1], got ${options.threshold}`);
  if (!(options.beta > 0 && Number.isFinite(options.beta))) throw new InputError("BAD_OPTION", `expected a beta > 0, got ${options.beta}`);
  return { taxonomy, options };
}
