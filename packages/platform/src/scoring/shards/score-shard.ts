import type { Db } from "@hierboard/db";
import { LabelFileParser, scoreShardPart, type LabelFile, type ShardGold, type ShardPart, type Subtask } from "@hierboard/metrics";
import { goldOfIds } from "../setup/load-gold-documents.ts";
import { loadScoringTaxonomy, type ScoringSetup, type TaxonomySetup } from "../setup/load-scoring-setup.ts";
import type { ShardSpec } from "./sharding-plan.ts";
import { perDocumentFamilies, scoringLayout } from "./scoring-layout.ts";
import { scoreCafaShard } from "./score-cafa-shard.ts";
import { shardNodeStatistics } from "./shard-node-statistics.ts";
import { storedBytes } from "./stored-bytes.ts";
import { forEachStoredLine } from "./stored-lines.ts";
import type { ScoringBudget } from "../scoring-budget.ts";

/** The shard's bytes, with the budget checked before each piece (the parsing between runs on this thread). */
async function* checkedChunks(chunks: AsyncIterable<Uint8Array>, budget: ScoringBudget | undefined): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    budget?.check();
    yield chunk;
  }
}

function section(value: string | null): Subtask | undefined {
  return value === "a" || value === "b" ? value : undefined;
}

/** The gold a shard pairs its documents with: the gold of the ids asked for (or a whole gold file, in a benchmark). */
export type ShardGoldSource = (ids: readonly string[]) => Promise<ShardGold | LabelFile>;

/** What a shard job stores for the merge: the engine's part and the shard's per-node statistics (HBN2, every confusion). */
export interface ShardResult {
  part: ShardPart;
  nodeStatistics: Uint8Array<ArrayBuffer>;
}

/**
 * Scores one shard: streams its byte range of the stored prediction through the engine's line
 * parser, loads the gold documents of the shard's ids only (GoldDocument rows, see `goldOfIds`),
 * and hands both to the engine (`scoreShardPart`), keeping the `perDocumentFamilies` per
 * document: memory is the shard's documents plus the cached taxonomy, whatever the gold's size.
 * It counts the explorer's per-node statistics of its documents too, for the merge to add up.
 */
export async function scoreShard(db: Db, data: ShardSpec, budget?: ScoringBudget): Promise<ShardResult> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: data.submissionId },
    select: { subtaskId: true, phaseId: true, fileName: true },
  });
  const setup = await loadScoringTaxonomy(db, {
    subtaskId: submission.subtaskId,
    phaseId: submission.phaseId,
    goldVersion: data.goldVersion,
  });
  budget?.check();
  return scoreShardWith(db, setup, submission.fileName, data, budget);
}

function scoreShardWith(db: Db, setup: TaxonomySetup, fileName: string, data: ShardSpec, budget?: ScoringBudget): Promise<ShardResult> {
  if (!setup.goldRef.documentFormat) throw new Error(`gold version ${setup.goldVersion} is not stored by document; it cannot be sharded`);
  const gold: ShardGoldSource = (ids) => goldOfIds(db, setup, ids);
  return scoreShardFrom(setup, gold, fileName, data, storedBytes(db, data.submissionId, data.byteStart, data.byteEnd), budget);
}

/** The same from any source of the shard's bytes and gold (a benchmark reads them from files). */
export async function scoreShardFrom(
  setup: Pick<ScoringSetup, "taxonomy" | "subtask" | "split" | "ia">,
  goldOf: ShardGoldSource,
  fileName: string,
  data: ShardSpec,
  chunks: AsyncIterable<Uint8Array>,
  budget?: ScoringBudget,
): Promise<ShardResult> {
  const layout = scoringLayout(setup);
  if (setup.subtask.cafa !== null) return scoreCafaShard(setup, layout, goldOf, fileName, data, checkedChunks(chunks, budget), budget);
  const parser = new LabelFileParser({
    taxonomy: setup.taxonomy,
    role: "prediction",
    fileName,
    subtask: section(setup.subtask.section),
    unknownLabels: setup.subtask.unknownLabels,
    maxLabelsPerDocument: setup.subtask.maxLabelsPerDocument,
    format: data.format,
  });
  // The shard starts inside its section: the parser is told so, as if it had read the header.
  if (data.format === "germeval" && data.section) parser.push(`subtask_${data.section}`, data.firstLine - 1);
  await forEachStoredLine(checkedChunks(chunks, budget), { byte: data.byteStart, line: data.firstLine }, fileName, (line, n) =>
    parser.push(line, n),
  );
  const pred = parser.finish();
  const gold = await goldOf([...pred.entries.keys()]);
  budget?.check();
  const part = await scoreShardPart(
    layout,
    gold,
    { shard: data.shard, pred, tally: parser.tally },
    { perDocument: perDocumentFamilies(layout, setup.subtask, setup.split) },
  );
  return { part, nodeStatistics: await shardNodeStatistics(setup.taxonomy, gold, pred) };
}
