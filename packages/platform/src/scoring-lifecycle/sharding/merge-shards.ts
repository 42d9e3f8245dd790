import {
  checkPredictionIds,
  evaluationOptions,
  InputError,
  mergeParseTallies,
  parseTallyWarnings,
  PreparedDocument,
  RecordedStatistics,
  recordStatistics,
  type Evaluation,
  type LabelFile,
} from "@hierboard/metrics";
import type { ScoringSetup } from "../../scoring/load-scoring-setup.ts";
import { splitStatistics } from "./score-shard.ts";
import type { ShardResult } from "./shard-result.ts";
import { goldIndex, newAccumulator, perDocumentFamilies, scoringLayout } from "./scoring-layout.ts";

export interface MergedShards {
  evaluation: Evaluation;
  /** Every document's statistics in gold order: all families with bootstrap intervals, else the `perDocumentFamilies` (restrict to them). */
  record: () => RecordedStatistics;
}

/**
 * Merges shard results into exactly what `evaluate` (and `recordEvaluation`) give for the whole
 * file. Integer statistics are added shard by shard (exact in any order); every family with a
 * non-integer value anywhere is added document by document in gold order, which is the order of
 * `evaluate`'s own sum, so each floating-point addition happens in the same sequence. Gold
 * documents no shard holds are counted here as empty predictions, as `evaluate` does.
 *
 * `recount(shard, families)` scores a shard again keeping those families per document; it is
 * needed only when a family was integral in that shard but not in another (say, a shard of
 * perfect predictions), which is rare.
 */
export async function mergeShardResults(
  setup: ScoringSetup,
  fileName: string,
  input: readonly ShardResult[],
  recount: (shard: number, families: readonly number[]) => Promise<ShardResult>,
): Promise<MergedShards> {
  const layout = scoringLayout(setup.taxonomy);
  const { ids, indexOf } = goldIndex(setup.gold);
  const results = [...input].sort((a, b) => a.shard - b.shard);

  // Which shard (and which of its documents) holds each gold document.
  const holder = new Int32Array(ids.length).fill(-1);
  const position = new Int32Array(ids.length);
  results.forEach((r, s) => {
    r.goldIndices.forEach((g, j) => {
      if (holder[g] !== -1)
        throw new InputError("DUPLICATE_ID", `expected each document id once, got ${JSON.stringify(ids[g])} again`, { file: fileName });
      holder[g] = s;
      position[g] = j;
    });
  });
  const predicted = results.reduce((n, r) => n + r.goldIndices.length, 0);
  // checkPredictionIds itself, on a view of the prediction that knows only which ids it holds.
  const predView = {
    fileName,
    documents: predicted,
    entries: {
      values: () => [][Symbol.iterator](),
      has: (id: string) => {
        const g = indexOf.get(id);
        return g !== undefined && holder[g] !== -1;
      },
    },
  } as unknown as LabelFile;
  // Stored warnings are shown to the team: no gold ids (see computeScores).
  const idWarnings = checkPredictionIds(setup.gold, predView, { missingDocuments: setup.subtask.missingDocuments, nameMissingIds: false });

  const missing: number[] = [];
  for (let g = 0; g < ids.length; g++) if (holder[g] === -1) missing.push(g);
  const missingDocs = recordStatistics(
    newAccumulator(layout),
    missing.map((g) => new PreparedDocument(setup.gold.entries.get(ids[g]!)!, undefined, layout.ctx)),
  );
  const all = perDocumentFamilies(layout, setup.subtask);
  const absent = splitStatistics(layout, missingDocs, all);
  const ordered = new Set<number>([...all, ...absent.orderedFamilies, ...results.flatMap((r) => r.orderedFamilies)]);
  const orderedList = [...ordered].sort((a, b) => a - b);
  const sameFamilies = (r: { orderedFamilies: number[] }) => r.orderedFamilies.length === orderedList.length;
  for (let s = 0; s < results.length; s++) if (!sameFamilies(results[s]!)) results[s] = await recount(results[s]!.shard, orderedList);
  const rest = sameFamilies(absent) ? absent : splitStatistics(layout, missingDocs, orderedList);

  const sums = new Float64Array(layout.width);
  for (const part of [...results, rest]) part.sumIndices.forEach((index, k) => (sums[index]! += part.sumValues[k]!));
  const missingRow = new Int32Array(ids.length);
  missing.forEach((g, m) => (missingRow[g] = m));
  const entriesOf = (g: number): { from: number; to: number; indices: Int32Array; values: Float64Array } => {
    const part = holder[g] === -1 ? rest : results[holder[g]!]!;
    const row = holder[g] === -1 ? missingRow[g]! : position[g]!;
    return { from: part.orderedStarts[row]!, to: part.orderedStarts[row + 1]!, indices: part.orderedIndices, values: part.orderedValues };
  };
  for (let g = 0; g < ids.length; g++) {
    const { from, to, indices, values } = entriesOf(g);
    for (let e = from; e < to; e++) sums[indices[e]!]! += values[e]!;
  }

  const accumulator = newAccumulator(layout);
  const tally = mergeParseTallies(results.map((r) => r.tally));
  const warnings = [
    ...setup.taxonomy.warnings,
    ...setup.gold.warnings,
    ...parseTallyWarnings(fileName, "prediction", tally.sawContent, tally),
    ...idWarnings,
  ];
  const evaluation = { ...accumulator.compute(sums), options: evaluationOptions(layout.ctx), warnings } as Evaluation;

  const record = () => {
    // The per-document families (every family with bootstrap), and the document count per
    // document too: rebuild the recording `recordEvaluation` makes (document count first).
    const starts = new Int32Array(ids.length + 1);
    const indices: number[] = [];
    const values: number[] = [];
    for (let g = 0; g < ids.length; g++) {
      indices.push(0);
      values.push(1);
      const { from, to, indices: from_i, values: from_v } = entriesOf(g);
      for (let e = from; e < to; e++) {
        indices.push(from_i[e]!);
        values.push(from_v[e]!);
      }
      starts[g + 1] = indices.length;
    }
    return new RecordedStatistics(accumulator, ids, starts, Int32Array.from(indices), Float64Array.from(values));
  };
  return { evaluation, record };
}
