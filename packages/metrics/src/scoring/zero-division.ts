import { InputError } from "../errors/input-error.ts";
import type { FamilyResult } from "./measure-family.ts";
import type { ScoringContext } from "./scoring-context.ts";

/**
 * What a ratio with a zero denominator gives, as scikit-learn's
 * `zero_division`: 0 (the default), 1, or "nan" (NaN, printed as `null` in
 * JSON). Whatever the choice, the measure is listed under `undefined`.
 */
export type ZeroDivision = 0 | 1 | "nan";

export const ZERO_DIVISIONS: readonly ZeroDivision[] = [0, 1, "nan"];

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

/**
 * Rewrites the measures a family listed under `undefined` (dotted paths
 * relative to the family) to the zero-division value. A family reduces with
 * 0 for them; this is the one place that applies another choice.
 */
export function applyZeroDivision(result: FamilyResult, choice: ZeroDivision): FamilyResult {
  const listed = result.undefined;
  if (choice === 0 || !Array.isArray(listed) || listed.length === 0) return result;
  const value = zeroDivisionValue(choice);
  const copy = structuredClone(result);
  for (const path of listed as string[]) {
    const keys = path.split(".");
    let node: Record<string, unknown> | undefined = copy;
    for (const key of keys.slice(0, -1)) node = node?.[key] as Record<string, unknown> | undefined;
    const last = keys[keys.length - 1]!;
    if (node && typeof node[last] === "number") node[last] = value;
  }
  return copy;
}
