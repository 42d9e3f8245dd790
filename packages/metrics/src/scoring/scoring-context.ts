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
  /** Further family-specific options, validated by the family that reads them. */
  readonly extra: Readonly<Record<string, unknown>>;
}

export const DEFAULT_SCORING_OPTIONS: ScoringOptions = { threshold: 0.5, beta: 1, extra: {} };

/** What a measure family sees besides the document: the taxonomy and the options. */
export interface ScoringContext {
  readonly taxonomy: Taxonomy;
  readonly options: ScoringOptions;
}
