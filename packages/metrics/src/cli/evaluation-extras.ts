import type { FamilyResult } from "../scoring/measure-family.ts";
import { bootstrapIntervals, type IntervalMethod } from "../uncertainty/bootstrap-intervals.ts";
import type { RecordedStatistics } from "../uncertainty/recorded-statistics.ts";

/**
 * Results computed beside the measure families: with `bootstrap`, 95%
 * bootstrap intervals over documents (BCa unless `method` says `percentile`)
 * for every registered measure, as
 * `intervals: { "<measure key>": { low, high, excludesEstimate? } }`.
 */
export function evaluationExtras(
  recorded: RecordedStatistics | undefined,
  options: { bootstrap?: number; seed?: number; method?: IntervalMethod },
): Record<string, FamilyResult> {
  if (options.bootstrap === undefined || recorded === undefined) return {};
  return { intervals: bootstrapIntervals(recorded, { resamples: options.bootstrap, seed: options.seed ?? 1, method: options.method }) };
}
