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
  // The statistics a document touches in either recording: marked, listed once, cleared after it.
  const marked = new Uint8Array(width);
  const touched = new Int32Array(width);
  let touchedCount = 0;
  const touch = (i: number): void => {
    if (marked[i] === 0) {
      marked[i] = 1;
      touched[touchedCount++] = i;
    }
  };
  const documents: number[] = [];
  const starts = new Int32Array(x.documents + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let d = 0; d < x.documents; d++) {
    for (let e = y.starts[d]!; e < y.starts[d + 1]!; e++) {
      dense[y.indices[e]!]! += y.values[e]!;
      touch(y.indices[e]!);
    }
    for (let e = x.starts[d]!; e < x.starts[d + 1]!; e++) {
      dense[x.indices[e]!]! -= x.values[e]!;
      touch(x.indices[e]!);
    }
    const before = indices.length;
    for (const i of touched.subarray(0, touchedCount).sort()) {
      if (dense[i] !== 0) {
        indices.push(i);
        values.push(dense[i]!);
      }
      dense[i] = 0;
      marked[i] = 0;
    }
    if (indices.length > before) documents.push(d);
    starts[d + 1] = indices.length;
    touchedCount = 0;
  }
  const rows = { starts, indices: Int32Array.from(indices), values: Float64Array.from(values) };
  const batched = new BatchedSums(patternGroups(rows, [0, width]), width);
  return {
    width,
    documents: Int32Array.from(documents),
    sums: (swapped, count, vector, visit) => batched.sumEach(swapped, count, vector, visit),
  };
}
