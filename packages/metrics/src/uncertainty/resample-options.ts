import { InputError } from "../errors/input-error.ts";

/** Checks a number of resamples: a whole number ≥ 1. */
export function checkResamples(resamples: number): number {
  if (!(Number.isInteger(resamples) && resamples >= 1))
    throw new InputError("BAD_OPTION", `expected a whole number of resamples ≥ 1, got ${resamples}`);
  return resamples;
}

/** Checks a seed: a whole number (used modulo 2³²). */
export function checkSeed(seed: number): number {
  if (!Number.isInteger(seed)) throw new InputError("BAD_OPTION", `expected a whole-number seed, got ${seed}`);
  return seed;
}

/** Checks a probability strictly between 0 and 1 (a confidence level or a significance level). */
export function checkOpenUnit(name: string, value: number): number {
  if (!(value > 0 && value < 1)) throw new InputError("BAD_OPTION", `expected ${name} in (0, 1), got ${value}`);
  return value;
}

/**
 * The value of a dotted measure key (`hc.f1`, or its parts `["hc", "f1"]`, split once by a caller
 * that reads it every resample) in a computed result; NaN when absent or not a number.
 */
export function measureValue(result: object, key: string | readonly string[]): number {
  let node: unknown = result;
  for (const part of typeof key === "string" ? key.split(".") : key) {
    if (node === null || typeof node !== "object") return NaN;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "number" ? node : NaN;
}
