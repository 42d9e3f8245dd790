import { measureInfo, pairedTests as enginePairedTests, type PairedTestResult, type Taxonomy } from "@hierboard/metrics";
import { withInputErrors } from "../errors/app-error.ts";
import { decodeStatistics } from "../scoring/statistics/statistics-codec.ts";
import type { SubtaskSetting } from "../scoring/setup/subtask-context.ts";

/** Approximate randomisation, fixed resamples and seed: the same pair always gets the same p-value. */
export const PAIRED_TEST_OPTIONS = { method: "randomization", resamples: 1000, seed: 1 } as const;

export type LabelledTest = PairedTestResult & { label: string; higherIsBetter: boolean };

/**
 * The engine's paired test of two stored recordings (same gold version) under each measure, in
 * an engine thread: decode both, then the engine's `pairedTests` (one draw of the resamples for
 * every measure). `difference` is a − b.
 */
export function pairedTests(
  taxonomy: Taxonomy,
  a: Uint8Array,
  b: Uint8Array,
  measures: readonly string[],
  setting?: SubtaskSetting,
): { documents: number; tests: LabelledTest[] } {
  const statsA = decodeStatistics(a, taxonomy, setting);
  const statsB = decodeStatistics(b, taxonomy, setting);
  const results = withInputErrors(() => enginePairedTests(statsA, statsB, measures, PAIRED_TEST_OPTIONS));
  const tests = results.map((result): LabelledTest => {
    const info = measureInfo(result.measure)!;
    return { ...result, label: info.label, higherIsBetter: info.direction === "higher" };
  });
  return { documents: statsA.documents, tests };
}
