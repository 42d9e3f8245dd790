import type { Db } from "@hierboard/db";
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
  type ParseTally,
} from "@hierboard/metrics";
import { goldDocumentCount, goldOfPositions, type GoldPart } from "../../gold-documents/load-gold-documents.ts";
import type { TaxonomySetup } from "../../scoring/load-scoring-setup.ts";
import { splitStatistics } from "./score-shard.ts";
import { newAccumulator, perDocumentFamilies, scoringLayout, type ScoringLayout } from "./scoring-layout.ts";
import { GOLD_BUCKET_DOCUMENTS, storedBucket, storedBucketPositions, storedShards, storedShardSums } from "./stored-shard-results.ts";

export interface StreamedMerge {
  evaluation: Evaluation;
  /** Every document's per-document families in gold order; only when asked for (`recording`). */
  recorded: RecordedStatistics | undefined;
}

export interface MergeStoredShardsOptions {
  submissionId: string;
  fileName: string;
  /** Build the per-document recording (bootstrap intervals, stored statistics): O(documents) memory. */
  recording: (goldDocuments: number) => boolean;
  /** Scores a shard again keeping these families per document, and stores it in place of the old result. */
  recount: (shard: number, families: readonly number[]) => Promise<void>;
}

/** The gold documents of one bucket no shard holds, in gold order, with their positions. */
function missingOf(gold: GoldPart, held: Uint8Array, layout: ScoringLayout): { positions: number[]; docs: PreparedDocument[] } {
  const positions: number[] = [];
  const docs: PreparedDocument[] = [];
  for (const [id, entry] of gold.entries) {
    const p = gold.positionOf.get(id)!;
    if (held[p]) continue;
    positions.push(p);
    docs.push(new PreparedDocument(entry, undefined, layout.ctx));
  }
  return { positions, docs };
}

/**
 * Merges a sharded submission's stored shard results into exactly what `evaluate` gives for the
 * whole file, reading Postgres bucket by bucket of gold positions so that memory is one bucket,
 * the statistics vector and a bitmap of the gold, not the submission. The arithmetic is that of
 * ADR 0002: integer statistics are added shard by shard (exact in any order), every family with
 * a non-integer value anywhere is added document by document in gold order, the order of
 * `evaluate`'s own sum. Gold documents no shard holds are counted as empty predictions.
 */
export async function mergeStoredShards(
  db: Db,
  setup: TaxonomySetup,
  goldVersion: number,
  opts: MergeStoredShardsOptions,
): Promise<StreamedMerge> {
  const { submissionId, fileName } = opts;
  const layout = scoringLayout(setup.taxonomy);
  const total = await goldDocumentCount(db, setup);
  const buckets = Math.ceil(total / GOLD_BUCKET_DOCUMENTS);
  const recording = opts.recording(total);
  const range = (b: number) => [b * GOLD_BUCKET_DOCUMENTS, Math.min(total, (b + 1) * GOLD_BUCKET_DOCUMENTS)] as const;
  let shards = await storedShards(db, submissionId, goldVersion);

  // Which gold positions some shard holds (one byte a gold document); an id in two shards is the same error as in one file.
  const held = new Uint8Array(total);
  for (let b = 0; b < buckets; b++) {
    for (const { positions } of await storedBucketPositions(db, submissionId, b)) {
      for (const p of positions) {
        if (held[p]) {
          const [id] = (await goldOfPositions(db, setup, p, p + 1)).entries.keys();
          throw new InputError("DUPLICATE_ID", `expected each document id once, got ${JSON.stringify(id)} again`, { file: fileName });
        }
        held[p] = 1;
      }
    }
  }
  const predicted = shards.reduce((n, s) => n + s.documents, 0);
  // checkPredictionIds itself, on views that know only the counts (stored warnings name no gold ids).
  const idWarnings = checkPredictionIds(
    { documents: total } as LabelFile,
    { fileName, documents: predicted, entries: new Map() } as unknown as LabelFile,
    { missingDocuments: setup.subtask.missingDocuments, nameMissingIds: false },
  );

  // The families kept per document: the recorded ones, any a shard found non-integral, and any
  // non-integral for a gold document no shard holds (a first pass over those, when there are any).
  const ordered = new Set<number>([...perDocumentFamilies(layout, setup.subtask), ...shards.flatMap((s) => s.orderedFamilies)]);
  if (predicted < total) {
    for (let b = 0; b < buckets; b++) {
      const missing = missingOf(await goldOfPositions(db, setup, ...range(b)), held, layout);
      if (missing.docs.length === 0) continue;
      const split = splitStatistics(layout, recordStatistics(newAccumulator(layout), missing.docs), [...ordered]);
      for (const f of split.orderedFamilies) ordered.add(f);
    }
  }
  const orderedList = [...ordered].sort((a, b) => a - b);
  const recounted = shards.filter((s) => s.orderedFamilies.length !== orderedList.length);
  for (const s of recounted) await opts.recount(s.shard, orderedList);
  if (recounted.length) shards = await storedShards(db, submissionId, goldVersion);

  const sums = new Float64Array(layout.width);
  for (const s of shards) {
    const part = await storedShardSums(db, submissionId, s.shard);
    part.indices.forEach((index, k) => (sums[index]! += part.values[k]!));
  }

  const goldTallies: ParseTally[] = [];
  const ids: string[] = [];
  const starts: number[] = [0];
  const recIndices: number[] = [];
  const recValues: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const [from, to] = range(b);
    const gold = await goldOfPositions(db, setup, from, to);
    goldTallies.push(gold.tally);
    // Where each position's entries are: a shard's part, or the missing documents' own split.
    const stored = await storedBucket(db, submissionId, b);
    const parts: { starts: Int32Array; indices: Int32Array; values: Float64Array }[] = [...stored];
    const partOf = new Int32Array(to - from).fill(-1);
    const rowOf = new Int32Array(to - from);
    stored.forEach((part, k) =>
      part.positions.forEach((p, j) => {
        partOf[p - from] = k;
        rowOf[p - from] = j;
      }),
    );
    const missing = missingOf(gold, held, layout);
    if (missing.docs.length) {
      const split = splitStatistics(layout, recordStatistics(newAccumulator(layout), missing.docs), orderedList);
      split.sumIndices.forEach((index, k) => (sums[index]! += split.sumValues[k]!));
      missing.positions.forEach((p, m) => {
        partOf[p - from] = parts.length;
        rowOf[p - from] = m;
      });
      parts.push({ starts: split.orderedStarts, indices: split.orderedIndices, values: split.orderedValues });
    }
    const idAt = recording ? new Array<string>(to - from) : undefined;
    if (idAt) for (const [id, p] of gold.positionOf) idAt[p - from] = id;
    for (let p = from; p < to; p++) {
      const part = parts[partOf[p - from]!]!;
      const row = rowOf[p - from]!;
      const [first, last] = [part.starts[row]!, part.starts[row + 1]!];
      for (let e = first; e < last; e++) sums[part.indices[e]!]! += part.values[e]!;
      if (!idAt) continue;
      // The recording `recordEvaluation` makes: the document count first, then the per-document families.
      ids.push(idAt[p - from]!);
      recIndices.push(0);
      recValues.push(1);
      for (let e = first; e < last; e++) {
        recIndices.push(part.indices[e]!);
        recValues.push(part.values[e]!);
      }
      starts.push(recIndices.length);
    }
  }

  const accumulator = newAccumulator(layout);
  const gold = mergeParseTallies(goldTallies);
  const tally = mergeParseTallies(shards.map((s) => s.tally));
  const warnings = [
    ...setup.taxonomy.warnings,
    ...parseTallyWarnings(setup.goldRef.fileName, "gold", gold.sawContent, gold),
    ...parseTallyWarnings(fileName, "prediction", tally.sawContent, tally),
    ...idWarnings,
  ];
  const evaluation = { ...accumulator.compute(sums), options: evaluationOptions(layout.ctx), warnings } as Evaluation;
  const recorded = recording
    ? new RecordedStatistics(accumulator, ids, Int32Array.from(starts), Int32Array.from(recIndices), Float64Array.from(recValues))
    : undefined;
  return { evaluation, recorded };
}
