import { InputError } from "../errors/input-error.ts";
import { UndefinedMeasures } from "./measure-family.ts";
import type { ScoringContext } from "./scoring-context.ts";

/**
 * What a ratio with a zero denominator gives, as scikit-learn's
 * `zero_division`: 0 (the default), 1, or "nan" (NaN, printed as `null` in
 * JSON and `nan` in the CLI's table). Whatever the choice, the measure is
 * listed under `undefined`, and so is every value computed from it (HC's PT
 * from an undefined TPR or FPR): a family computes with the chosen number,
 * so NaN carries through. F-measures are ratios of counts,
 * (1+β²)·TP / (β²·|gold| + |predicted|), as scikit-learn's: undefined only
 * when both sets are empty, 0 when only the precision or the recall is.
 */
export type ZeroDivision = 0 | 1 | "nan";

/**
 * Checks a `zeroDivision` option: 0, 1 or "nan" (the strings "0" and "1" are
 * read as numbers, for the CLI).
 *
 * @example
 * parseZeroDivision(undefined); // 0
 * parseZeroDivision("nan"); // "nan"
 */
export function parseZeroDivision(value: unknown): ZeroDivision {
  if (value === undefined) return 0;
  if (value === 0 || value === "0") return 0;
  if (value === 1 || value === "1") return 1;
  if (value === "nan") return "nan";
  throw new InputError("BAD_OPTION", `expected zeroDivision to be 0, 1 or "nan", got ${JSON.stringify(value) ?? String(value)}`);
}

/** The zero-division choice of a scoring context (0 when not set). */
export function zeroDivisionOf(ctx: ScoringContext): ZeroDivision {
  return ctx.options.zeroDivision ?? 0;
}

/** The options an evaluation records beside its measures (`options` of `evaluate`'s result). */
export function evaluationOptions(ctx: ScoringContext): { zeroDivision: ZeroDivision } {
  return { zeroDivision: zeroDivisionOf(ctx) };
}

/** The number a zero denominator gives: 0, 1 or NaN. */
export function zeroDivisionValue(choice: ZeroDivision): number {
  return choice === "nan" ? NaN : choice;
}

/**
 * A per-document (or per-label) ratio for a macro average: n/d, or the
 * zero-division value when d = 0; `undefined` under "nan", so that the item is
 * left out of the average, as scikit-learn does.
 */
export function itemRatio(numerator: number, denominator: number, choice: ZeroDivision): number | undefined {
  if (denominator !== 0) return numerator / denominator;
  return choice === "nan" ? undefined : choice;
}

/** An empty list of undefined measures whose zero denominators give the context's zero-division value. */
export function undefinedMeasuresOf(ctx: ScoringContext): UndefinedMeasures {
  return new UndefinedMeasures(zeroDivisionValue(zeroDivisionOf(ctx)));
}
