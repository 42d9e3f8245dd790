import type { ParseTally } from "../labels/label-file-parser.ts";
import type { ShardPart } from "./shard-part.ts";

const NO_LINES: ParseTally = { sawContent: false, droppedUnknown: 0, unknownExamples: [], repeatedLabels: 0, repeatedPaths: 0 };

/** One gold range's share of a shard part: the shard's documents at positions `bucket × size` … `(bucket + 1) × size − 1`. */
export interface ShardPartBucket {
  readonly bucket: number;
  readonly part: ShardPart;
}

/**
 * Cuts a shard part by gold position, for a caller that stores parts and merges them one gold
 * range at a time (`ShardMerger.addGold`): a `summary` with the part's sums and tally and no
 * documents, and per bucket of `bucketDocuments` gold positions the part holds documents in, a
 * part with those documents (file order kept) and neither sums nor tally. Adding the summary and
 * every bucket's part to a merger equals adding the part. A `goldRange` is not carried over (a
 * bucket's documents are known only once every shard's part of that bucket is in).
 *
 * @example
 * const { summary, buckets } = cutShardPart(part, 25_000);
 * merger.add(summary);
 * for (const { bucket, part } of buckets) … // stored by (shard, bucket), added after that bucket's gold
 */
export function cutShardPart(part: ShardPart, bucketDocuments: number): { summary: ShardPart; buckets: ShardPartBucket[] } {
  if (!(Number.isInteger(bucketDocuments) && bucketDocuments > 0))
    throw new Error(`expected a positive bucket size, got ${bucketDocuments}`);
  const { goldRange: _, ...rest } = part;
  const shared = { shard: part.shard, families: part.families, perDocumentFamilies: part.perDocumentFamilies };
  const summary: ShardPart = {
    ...rest,
    goldIndices: new Int32Array(0),
    rowStarts: new Int32Array(1),
    rowIndices: new Int32Array(0),
    rowValues: new Float64Array(0),
  };
  const rowsOf = new Map<number, number[]>();
  part.goldIndices.forEach((g, j) => {
    const bucket = Math.floor(g / bucketDocuments);
    const rows = rowsOf.get(bucket);
    if (rows) rows.push(j);
    else rowsOf.set(bucket, [j]);
  });
  const buckets = [...rowsOf]
    .sort(([a], [b]) => a - b)
    .map(([bucket, rows]): ShardPartBucket => {
      const rowStarts = new Int32Array(rows.length + 1);
      rows.forEach((j, k) => (rowStarts[k + 1] = rowStarts[k]! + part.rowStarts[j + 1]! - part.rowStarts[j]!));
      const rowIndices = new Int32Array(rowStarts[rows.length]!);
      const rowValues = new Float64Array(rowStarts[rows.length]!);
      rows.forEach((j, k) => {
        const [from, to] = [part.rowStarts[j]!, part.rowStarts[j + 1]!];
        rowIndices.set(part.rowIndices.subarray(from, to), rowStarts[k]!);
        rowValues.set(part.rowValues.subarray(from, to), rowStarts[k]!);
      });
      return {
        bucket,
        part: {
          ...shared,
          goldIndices: Int32Array.from(rows, (j) => part.goldIndices[j]!),
          sumIndices: new Int32Array(0),
          sumValues: new Float64Array(0),
          rowStarts,
          rowIndices,
          rowValues,
          tally: NO_LINES,
        },
      };
    });
  return { summary, buckets };
}
