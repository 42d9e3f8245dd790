import { measureInfo, pairedTest, type PairedTestResult, type Taxonomy } from "@hierboard/metrics";
import { withInputErrors } from "../errors/app-error.ts";
import { decodeStatistics } from "../statistics/statistics-codec.ts";

/** Approximate randomisation, fixed resamples and seed: the same pair always gets the same p-value. */
export const PAIRED_TEST_OPTIONS = { method: "randomization", resamples: 1000, seed: 1 } as const;

export type LabelledTest = PairedTestResult & { label: string; higherIsBetter: boolean };

/**
 * The engine's paired test of two stored recordings (same gold version) under each measure, in
 * an engine thread: decode both, then `pairedTest`. `difference` is a − b.
 */
export function pairedTests(
  taxonomy: Taxonomy,
  a: Uint8Array,
  b: Uint8Array,
  measures: readonly string[],
): { documents: number; tests: LabelledTest[] } {
  const statsA = decodeStatistics(a, taxonomy);
  const statsB = decodeStatistics(b, taxonomy);
  const tests = measures.map((measure) => {
    const info = measureInfo(measure)!;
    return {
      ...withInputErrors(() => pairedTest(statsA, statsB, measure, PAIRED_TEST_OPTIONS)),
      label: info.label,
      higherIsBetter: info.direction === "higher",
    };
  });
  return { documents: statsA.documents, tests };
}
