import type { RecordedStatistics } from "./recorded-statistics.ts";

/**
 * The documents on which two recordings of the same layout differ, with b_d − a_d: what a swap of
 * document d moves between the two totals of a randomisation test. Documents with the same
 * difference share one pattern, so a resample counts swapped documents per pattern (one addition
 * a document, no branch) and adds each pattern's difference once, times its count — the weighted
 * sums of `RecordedStatistics.weightedSum` work the same way.
 */
export interface DocumentDifferences {
  readonly width: number;
  /** The documents whose statistics differ, ascending. */
  readonly documents: Int32Array;
  /** Σ_d swapped[d] · (b_d − a_d), in a vector reused between calls. */
  sum(swapped: Uint8Array): Float64Array;
}

export function documentDifferences(x: RecordedStatistics, y: RecordedStatistics): DocumentDifferences {
  const width = x.width;
  const dense = new Float64Array(width);
  const touched = new Set<number>();
  const documents: number[] = [];
  const documentPattern: number[] = [];
  const patternOf = new Map<string, number>();
  const patternStarts: number[] = [0];
  const patternIndices: number[] = [];
  const patternValues: number[] = [];
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
    const key = entries.map((i) => `${i}:${dense[i]}`).join(",");
    if (entries.length > 0) {
      let pattern = patternOf.get(key);
      if (pattern === undefined) {
        pattern = patternStarts.length - 1;
        patternOf.set(key, pattern);
        for (const i of entries) {
          patternIndices.push(i);
          patternValues.push(dense[i]!);
        }
        patternStarts.push(patternIndices.length);
      }
      documents.push(d);
      documentPattern.push(pattern);
    }
    for (const i of touched) dense[i] = 0;
    touched.clear();
  }
  const rowDocuments = Int32Array.from(documents);
  const rowPatterns = Int32Array.from(documentPattern);
  const starts = Int32Array.from(patternStarts);
  const indices = Int32Array.from(patternIndices);
  const values = Float64Array.from(patternValues);
  const counts = new Float64Array(starts.length - 1);
  const moved = new Float64Array(width);
  return {
    width,
    documents: rowDocuments,
    sum(swapped) {
      counts.fill(0);
      for (let k = 0; k < rowDocuments.length; k++) counts[rowPatterns[k]!]! += swapped[rowDocuments[k]!]!;
      moved.fill(0);
      for (let p = 0; p < counts.length; p++) {
        const count = counts[p]!;
        if (count === 0) continue;
        for (let e = starts[p]!; e < starts[p + 1]!; e++) moved[indices[e]!]! += count * values[e]!;
      }
      return moved;
    },
  };
}
