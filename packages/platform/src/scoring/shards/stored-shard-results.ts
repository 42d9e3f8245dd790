import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Db } from "@hierboard/db";
import { cutShardPart, decodeShardPart, encodeShardPart, type ShardPart } from "@hierboard/metrics";
import type { ShardResult } from "./score-shard.ts";

/**
 * Gold positions per bucket: a shard stores its documents one row per bucket of gold positions it
 * touches (the engine's part cut by `cutShardPart`), and the merge reads one bucket (from every
 * shard) at a time, in gold order. 25,000 documents of per-document statistics is a few tens of
 * MB decoded.
 */
export const GOLD_BUCKET_DOCUMENTS = 25_000;

/** A shard part as stored: the engine's bytes (`encodeShardPart`), deflated. */
function packed(part: ShardPart): Uint8Array<ArrayBuffer> {
  return new Uint8Array(deflateRawSync(encodeShardPart(part), { level: 1 }));
}

function unpacked(bytes: Uint8Array): ShardPart {
  return decodeShardPart(inflateRawSync(bytes));
}

/**
 * Stores one shard's result for the merge (replacing an earlier attempt's): its summary (integer
 * sums and parse tally), its per-node statistics, and one row per gold bucket with its documents
 * there. One transaction, so the merge never sees half a shard.
 */
export async function storeShardResult(db: Db, submissionId: string, goldVersion: number, result: ShardResult): Promise<void> {
  const { part, nodeStatistics } = result;
  const { summary, buckets } = cutShardPart(part, GOLD_BUCKET_DOCUMENTS);
  const { shard } = part;
  const rows = buckets.map((b) => ({ submissionId, shard, bucket: b.bucket, part: packed(b.part) }));
  await db.$transaction(
    async (tx) => {
      await tx.scoringShard.deleteMany({ where: { submissionId, shard } });
      await tx.scoringShard.create({
        data: { submissionId, shard, goldVersion, documents: part.goldIndices.length, summary: packed(summary), nodeStatistics },
        select: { shard: true },
      });
      await tx.scoringShardBucket.createMany({ data: rows });
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/** Every stored shard of a submission against this gold version, by shard number. */
export async function storedShards(db: Db, submissionId: string, goldVersion: number): Promise<{ shard: number; documents: number }[]> {
  return db.scoringShard.findMany({
    where: { submissionId, goldVersion },
    select: { shard: true, documents: true },
    orderBy: { shard: "asc" },
  });
}

/** The summary part (sums and tally, no documents) of every stored shard against this gold version. */
export async function storedShardSummaries(db: Db, submissionId: string, goldVersion: number): Promise<ShardPart[]> {
  const rows = await db.scoringShard.findMany({
    where: { submissionId, goldVersion },
    select: { summary: true },
    orderBy: { shard: "asc" },
  });
  return rows.map((r) => unpacked(r.summary));
}

/**
 * Every stored shard's per-node statistics (HBN2 bytes), one shard at a time; null for a shard
 * stored without them (by a worker that predates them): the merged submission then has none.
 */
export async function* storedShardNodeStatistics(db: Db, submissionId: string, goldVersion: number): AsyncGenerator<Uint8Array | null> {
  for (const { shard } of await storedShards(db, submissionId, goldVersion)) {
    const row = await db.scoringShard.findUniqueOrThrow({
      where: { submissionId_shard: { submissionId, shard } },
      select: { nodeStatistics: true },
    });
    yield row.nodeStatistics;
  }
}

/** Every shard's part of one gold bucket. */
export async function storedBucketParts(db: Db, submissionId: string, bucket: number): Promise<ShardPart[]> {
  const rows = await db.scoringShardBucket.findMany({ where: { submissionId, bucket }, select: { part: true }, orderBy: { shard: "asc" } });
  return rows.map((r) => unpacked(r.part));
}

/** Removes a submission's shard results (a new plan, or once the merged scores are stored). */
export async function deleteShardResults(db: Pick<Db, "scoringShard">, submissionId: string): Promise<void> {
  await db.scoringShard.deleteMany({ where: { submissionId } });
}
