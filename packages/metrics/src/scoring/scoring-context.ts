import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import type { ZeroDivision } from "./zero-division.ts";

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
