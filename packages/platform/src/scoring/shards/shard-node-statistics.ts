import { NodeStatisticsCounter, type LabelFile, type ShardGold } from "@hierboard/metrics";
import { encodeNodeStatistics } from "../../node-statistics/node-statistics-codec.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";

/**
 * The per-node statistics of a shard's documents (each has its gold entry: `scoreShardPart`
 * refused the file otherwise), with every confusion so that the merge's top list is exact.
 * Hands the event loop back between batches, as `scoreShardPart` does, so the job lock is renewed.
 */
export async function shardNodeStatistics(taxonomy: ScoringSetup["taxonomy"], gold: ShardGold | LabelFile, pred: LabelFile) {
  const counter = new NodeStatisticsCounter(taxonomy);
  let counted = 0;
  for (const entry of pred.entries.values()) {
    counter.addDocument(gold.entries.get(entry.id)!, entry);
    if (++counted % 2000 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return encodeNodeStatistics(counter.finish(Number.POSITIVE_INFINITY)).data;
}
