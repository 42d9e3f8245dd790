import type { RecordedStatistics } from "./recorded-statistics.ts";
import { patternGroups } from "./pattern-groups.ts";
import { BatchedSums } from "./batched-sums.ts";

/**
 * The documents on which two recordings of the same layout differ, with b_d − a_d: what a swap of
 * document d moves between the two totals of a randomisation test. The differences are rows of
 * their own (empty for the documents that do not differ), summed `RESAMPLE_BATCH` resamples at a
 * time as a bootstrap sums its resamples (`BatchedSums`): documents with the same difference
 * share one pattern, each statistic adds its patterns' terms count · (b_d − a_d) in the order of
 * their first document, and whole-number statistics are summed exactly.
 */
export interface DocumentDifferences {
  readonly width: number;
  /** The documents whose statistics differ, ascending. */
  readonly documents: Int32Array;
  /**
   * Σ_d swapped[d·RESAMPLE_BATCH + b] · (b_d − a_d) for each resample b < `count` of a batch in
   * turn, written into `vector` (of `width`, reused between calls, 0 where no document differs),
   * then `visit(b)`; swaps are 0 or 1.
   */
  sums(swapped: Int32Array, count: number, vector: Float64Array, visit: (b: number) => void): void;
}

export function documentDifferences(x: RecordedStatistics, y: RecordedStatistics): DocumentDifferences {
  const width = x.width;
  const dense = new Float64Array(width);
  const touched = new Set<number>();
  const documents: number[] = [];
  const starts = new Int32Array(x.documents + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let d = 0; d < x.documents; d++) {
    for (let e = y.starts[d]!; e < y.starts[d + 1]!; e++) {
      dense[y.indices[e]!]! += y.values[e]!;
      touched.add(y.indices[e]!);
    }
    for (let e = x.starts[d]!; e < x.starts[d + 1]!; e++) {
      dense[x.indices[e]!]! -= x.values[e]!;
      touched.add(x.indices[e]!);
    }
    const entries = [...touched].sort((p, q) => p - q).filter((i) => dense[i] !== 0);
    if (entries.length > 0) documents.push(d);
    for (const i of entries) {
      indices.push(i);
      values.push(dense[i]!);
    }
    starts[d + 1] = indices.length;
    for (const i of touched) dense[i] = 0;
    touched.clear();
  }
  const rows = { starts, indices: Int32Array.from(indices), values: Float64Array.from(values) };
  const batched = new BatchedSums(patternGroups(rows, [0, width]), width);
  return {
    width,
    documents: Int32Array.from(documents),
    sums: (swapped, count, vector, visit) => batched.sumEach(swapped, count, vector, visit),
  };
}
