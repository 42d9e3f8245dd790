import type { Db } from "@hierboard/db";
import { cafaTallyWarnings, NodeStatisticsCounter, ShardMerger, type MergedShards, type NodeStatistics } from "@hierboard/metrics";
import { decodeNodeStatistics, denseNodeStatistics } from "../../node-statistics/node-statistics-codec.ts";
import { goldDocumentCount, goldOfPositions } from "../setup/load-gold-documents.ts";
import type { TaxonomySetup } from "../setup/load-scoring-setup.ts";
import { perDocumentFamilies, scoringLayout } from "./scoring-layout.ts";
import { GOLD_BUCKET_DOCUMENTS, storedBucketParts, storedShardNodeStatistics, storedShardSummaries } from "./stored-shard-results.ts";

export interface MergeStoredShardsOptions {
  submissionId: string;
  fileName: string;
  /** Build the per-document recording (bootstrap intervals, stored statistics): O(documents) memory. */
  recording: (goldDocuments: number) => boolean;
}

/**
 * Merges a sharded submission's stored shard parts with the engine's `ShardMerger` into exactly
 * what `evaluate` gives for the whole file, reading Postgres one gold bucket at a time: the
 * merger is made from the gold's outline (its size and name), takes every shard's summary (sums
 * and tally), then per bucket the gold documents of that bucket (`goldOfPositions`) and every
 * shard's part of it. Memory is one bucket of gold and parts, the statistics vector and the
 * merger's few bytes a gold document, never the whole gold or submission. The arithmetic is the
 * engine's (ADR 0002); stored warnings name no gold ids.
 *
 * The explorer's per-node statistics are added up the same way: every shard's (integer counts,
 * every confusion), plus the gold of each document no shard predicted (an empty prediction, as
 * in the whole file); `nodes` is null when a shard was stored without them.
 */
export async function mergeStoredShards(
  db: Db,
  setup: TaxonomySetup,
  goldVersion: number,
  opts: MergeStoredShardsOptions,
): Promise<MergedShards & { nodes: NodeStatistics | null }> {
  const { submissionId, fileName } = opts;
  const layout = scoringLayout(setup);
  const cafa = setup.subtask.cafa !== null;
  const documents = await goldDocumentCount(db, setup);
  const merger = new ShardMerger(
    layout,
    { documents, fileName: setup.goldRef.fileName },
    {
      fileName,
      perDocument: perDocumentFamilies(layout, setup.subtask, setup.split),
      // A CAFA score file is read as CAFA-evaluator reads it (see evaluationInput).
      missingDocuments: cafa ? "empty" : setup.subtask.missingDocuments,
      ...(cafa ? { predictionWarnings: cafaTallyWarnings } : {}),
      // Stored warnings are shown to the team: no gold ids (see computeScores).
      nameMissingIds: false,
      record: opts.recording(documents),
    },
  );
  for (const summary of await storedShardSummaries(db, submissionId, goldVersion)) merger.add(summary);
  let nodes: NodeStatisticsCounter | null = new NodeStatisticsCounter(setup.taxonomy);
  for await (const bytes of storedShardNodeStatistics(db, submissionId, goldVersion)) {
    if (!bytes) nodes = null;
    else nodes?.add(denseNodeStatistics(setup.taxonomy, decodeNodeStatistics(bytes)));
  }
  for (let from = 0; from < documents; from += GOLD_BUCKET_DOCUMENTS) {
    const gold = await goldOfPositions(db, setup, from, Math.min(documents, from + GOLD_BUCKET_DOCUMENTS));
    merger.addGold(from, [...gold.entries.values()], gold.tally);
    const predicted = new Set<number>();
    for (const part of await storedBucketParts(db, submissionId, from / GOLD_BUCKET_DOCUMENTS)) {
      merger.add(part);
      for (const position of part.goldIndices) predicted.add(position);
    }
    if (nodes) for (const [id, entry] of gold.entries) if (!predicted.has(gold.positionOf.get(id)!)) nodes.addDocument(entry, undefined);
  }
  return { ...merger.finish(), nodes: nodes?.finish() ?? null };
}
