import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Db } from "@hierboard/db";
import type { ParseTally } from "@hierboard/metrics";
import type { ShardResult } from "./shard-result.ts";

/**
 * Gold positions per bucket: a shard stores its per-document entries one row per bucket of gold
 * positions it touches, and the merge reads one bucket (from every shard) at a time, in gold
 * order. 25,000 documents of entries is a few tens of MB decoded.
 */
export const GOLD_BUCKET_DOCUMENTS = 25_000;

type Numbers = Int32Array | Float64Array;

/** Typed arrays → one deflated blob: [count][byte length of each][each array's bytes]. */
function pack(arrays: readonly Numbers[]): Uint8Array<ArrayBuffer> {
  const header = Int32Array.from([arrays.length, ...arrays.map((a) => a.byteLength)]);
  const parts = [header, ...arrays].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  return new Uint8Array(deflateRawSync(Buffer.concat(parts), { level: 1 }));
}

/** The blob's arrays, each copied into its own buffer (aligned for any typed array). */
function unpack(blob: Uint8Array): ArrayBuffer[] {
  const bytes = inflateRawSync(blob);
  const count = bytes.readInt32LE(0);
  const out: ArrayBuffer[] = [];
  let at = 4 + 4 * count;
  for (let k = 0; k < count; k++) {
    const length = bytes.readInt32LE(4 + 4 * k);
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(bytes.subarray(at, at + length));
    out.push(copy);
    at += length;
  }
  return out;
}

/**
 * Stores one shard's result for the merge (replacing an earlier attempt's): its summary row with
 * the integer sums, and one row per gold bucket with the per-document entries of its documents
 * there. One transaction, so the merge never sees half a shard.
 */
export async function storeShardResult(db: Db, submissionId: string, goldVersion: number, r: ShardResult): Promise<void> {
  const byBucket = new Map<number, number[]>();
  r.goldIndices.forEach((position, j) => {
    const b = Math.floor(position / GOLD_BUCKET_DOCUMENTS);
    const docs = byBucket.get(b);
    if (docs) docs.push(j);
    else byBucket.set(b, [j]);
  });
  const buckets = [...byBucket].map(([bucket, docs]) => {
    const lengths = Int32Array.from(docs, (j) => r.orderedStarts[j + 1]! - r.orderedStarts[j]!);
    const entries = lengths.reduce((n, l) => n + l, 0);
    const indices = new Int32Array(entries);
    const values = new Float64Array(entries);
    let at = 0;
    for (const j of docs) {
      const [from, to] = [r.orderedStarts[j]!, r.orderedStarts[j + 1]!];
      indices.set(r.orderedIndices.subarray(from, to), at);
      values.set(r.orderedValues.subarray(from, to), at);
      at += to - from;
    }
    const positions = Int32Array.from(docs, (j) => r.goldIndices[j]!);
    return { submissionId, shard: r.shard, bucket, positions: pack([positions]), entries: pack([lengths, indices, values]) };
  });
  await db.$transaction(
    async (tx) => {
      await tx.scoringShard.deleteMany({ where: { submissionId, shard: r.shard } });
      await tx.scoringShard.create({
        data: {
          submissionId,
          shard: r.shard,
          goldVersion,
          documents: r.goldIndices.length,
          orderedFamilies: r.orderedFamilies,
          tally: r.tally as object,
          sums: pack([r.sumIndices, r.sumValues]),
        },
      });
      await tx.scoringShardBucket.createMany({ data: buckets });
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/** The summary of every stored shard of a submission against this gold version, by shard number. */
export async function storedShards(
  db: Db,
  submissionId: string,
  goldVersion: number,
): Promise<{ shard: number; documents: number; orderedFamilies: number[]; tally: ParseTally }[]> {
  const rows = await db.scoringShard.findMany({
    where: { submissionId, goldVersion },
    select: { shard: true, documents: true, orderedFamilies: true, tally: true },
    orderBy: { shard: "asc" },
  });
  return rows.map((r) => ({ ...r, tally: r.tally as unknown as ParseTally }));
}

/** A shard's integer sums (sparse). */
export async function storedShardSums(db: Db, submissionId: string, shard: number): Promise<{ indices: Int32Array; values: Float64Array }> {
  const row = await db.scoringShard.findUniqueOrThrow({ where: { submissionId_shard: { submissionId, shard } }, select: { sums: true } });
  const [indices, values] = unpack(row.sums);
  return { indices: new Int32Array(indices!), values: new Float64Array(values!) };
}

/** The gold positions every shard holds in one bucket. */
export async function storedBucketPositions(
  db: Db,
  submissionId: string,
  bucket: number,
): Promise<{ shard: number; positions: Int32Array }[]> {
  const rows = await db.scoringShardBucket.findMany({ where: { submissionId, bucket }, select: { shard: true, positions: true } });
  return rows.map((r) => ({ shard: r.shard, positions: new Int32Array(unpack(r.positions)[0]!) }));
}

/** One shard's documents in one bucket: positions and per-document entries (`starts` as in ShardResult). */
export interface StoredBucketPart {
  shard: number;
  positions: Int32Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

export async function storedBucket(db: Db, submissionId: string, bucket: number): Promise<StoredBucketPart[]> {
  const rows = await db.scoringShardBucket.findMany({ where: { submissionId, bucket }, orderBy: { shard: "asc" } });
  return rows.map((r) => {
    const [lengths, indices, values] = unpack(r.entries).map((b, k) => (k === 2 ? new Float64Array(b) : new Int32Array(b))) as [
      Int32Array,
      Int32Array,
      Float64Array,
    ];
    const starts = new Int32Array(lengths.length + 1);
    lengths.forEach((l, j) => (starts[j + 1] = starts[j]! + l));
    return { shard: r.shard, positions: new Int32Array(unpack(r.positions)[0]!), starts, indices, values };
  });
}

/** Removes a submission's shard results (a new plan, or once the merged scores are stored). */
export async function deleteShardResults(db: Pick<Db, "scoringShard">, submissionId: string): Promise<void> {
  await db.scoringShard.deleteMany({ where: { submissionId } });
}
