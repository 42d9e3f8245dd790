import { keepGoldProteins, parseCafaScores, scoreShardPart, type ShardLayout } from "@hierboard/metrics";
import type { ScoringShardJobData } from "@hierboard/queue";
import { withInputErrors } from "../../errors/app-error.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import type { ScoringBudget } from "../scoring-budget.ts";
import { perDocumentFamilies } from "./scoring-layout.ts";
import type { ShardGoldSource, ShardResult } from "./score-shard.ts";
import { shardNodeStatistics } from "./shard-node-statistics.ts";

/**
 * One shard of a CAFA score file (whole proteins, see `planCafaShards`): parsed as the whole file
 * is (`parseCafaScores`, the file's line numbers, the terms-per-protein limit), its proteins the
 * gold lacks ignored as CAFA-evaluator ignores them, and scored by the engine. The tally carries
 * what the file's warnings count (scores of unknown terms, ignored proteins) to the merge.
 */
export async function scoreCafaShard(
  setup: Pick<ScoringSetup, "taxonomy" | "subtask" | "split" | "ia">,
  layout: ShardLayout,
  goldOf: ShardGoldSource,
  fileName: string,
  data: ScoringShardJobData,
  chunks: AsyncIterable<Uint8Array>,
  budget?: ScoringBudget,
): Promise<ShardResult> {
  const pieces: Uint8Array[] = [];
  for await (const chunk of chunks) pieces.push(chunk);
  const parsed = withInputErrors(() =>
    parseCafaScores(Buffer.concat(pieces), {
      taxonomy: setup.taxonomy,
      fileName,
      maxTermsPerProtein: setup.subtask.maxLabelsPerDocument,
      firstLine: data.firstLine,
    }),
  );
  const gold = await goldOf([...parsed.entries.keys()]);
  budget?.check();
  const pred = keepGoldProteins(parsed, gold);
  const tally = {
    sawContent: true,
    droppedUnknown: parsed.droppedUnknown,
    unknownExamples: [],
    repeatedLabels: 0,
    repeatedPaths: 0,
    ignoredDocuments: parsed.documents - pred.documents,
  };
  const part = await scoreShardPart(
    layout,
    gold,
    { shard: data.shard, pred, tally },
    { perDocument: perDocumentFamilies(layout, setup.subtask, setup.split) },
  );
  return { part, nodeStatistics: await shardNodeStatistics(setup.taxonomy, gold, pred) };
}
