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
 * bucket's documents are known only once every shard's part of that bucket is in). A bucket may
 * share the part's arrays (read-only, like the part).
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
    .map(
      ([bucket, rows]): ShardPartBucket => ({
        bucket,
        part: { ...shared, ...bucketRows(part, rows), sumIndices: new Int32Array(0), sumValues: new Float64Array(0), tally: NO_LINES },
      }),
    );
  return { summary, buckets };
}

/**
 * The documents `rows` (ascending positions in `part`) of a part. A run of consecutive documents,
 * the usual case (a shard of a file in gold order), shares the part's arrays rather than copying
 * its per-document statistics.
 */
function bucketRows(part: ShardPart, rows: readonly number[]): Pick<ShardPart, "goldIndices" | "rowStarts" | "rowIndices" | "rowValues"> {
  const first = rows[0]!;
  const count = rows.length;
  if (rows[count - 1]! - first === count - 1) {
    const [from, to] = [part.rowStarts[first]!, part.rowStarts[first + count]!];
    return {
      goldIndices: part.goldIndices.subarray(first, first + count),
      rowStarts: part.rowStarts.slice(first, first + count + 1).map((start) => start - from),
      rowIndices: part.rowIndices.subarray(from, to),
      rowValues: part.rowValues.subarray(from, to),
    };
  }
  const rowStarts = new Int32Array(count + 1);
  rows.forEach((j, k) => (rowStarts[k + 1] = rowStarts[k]! + part.rowStarts[j + 1]! - part.rowStarts[j]!));
  const rowIndices = new Int32Array(rowStarts[count]!);
  const rowValues = new Float64Array(rowStarts[count]!);
  rows.forEach((j, k) => {
    const [from, to] = [part.rowStarts[j]!, part.rowStarts[j + 1]!];
    rowIndices.set(part.rowIndices.subarray(from, to), rowStarts[k]!);
    rowValues.set(part.rowValues.subarray(from, to), rowStarts[k]!);
  });
  return { goldIndices: Int32Array.from(rows, (j) => part.goldIndices[j]!), rowStarts, rowIndices, rowValues };
}
