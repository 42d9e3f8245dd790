import type { Db } from "@hierboard/db";
import {
  InputError,
  LabelFileParser,
  PreparedDocument,
  recordStatisticsYielding,
  type DocumentLabels,
  type LabelFile,
  type Subtask,
} from "@hierboard/metrics";
import { goldOfIds, type GoldPart } from "../../gold-documents/load-gold-documents.ts";
import { loadScoringTaxonomy, type ScoringSetup, type TaxonomySetup } from "../../scoring/load-scoring-setup.ts";
import type { ScoringShardJobData } from "@hierboard/queue";
import type { ShardResult } from "./shard-result.ts";
import { goldIndex, newAccumulator, perDocumentFamilies, scoringLayout, type ScoringLayout } from "./scoring-layout.ts";
import { storedBytes } from "./stored-bytes.ts";
import { forEachStoredLine } from "./stored-lines.ts";

function section(value: string | null): Subtask | undefined {
  return value === "a" || value === "b" ? value : undefined;
}

/** The gold a shard pairs its documents with: entries and gold positions of the ids asked for. */
export type ShardGoldSource = (ids: readonly string[]) => Promise<Pick<GoldPart, "entries" | "positionOf">>;

/** A gold file held whole (a benchmark without a database; the platform loads by id, `goldOfIds`). */
export function wholeGoldSource(gold: LabelFile): ShardGoldSource {
  const { indexOf } = goldIndex(gold);
  return async () => ({ entries: gold.entries as Map<string, DocumentLabels>, positionOf: indexOf });
}

/**
 * Scores one shard: streams its byte range of the stored prediction through the engine's line
 * parser, loads the gold documents of the shard's ids only (GoldDocument rows, see
 * `goldOfIds`), and records their statistics: memory is the shard's documents plus the cached
 * taxonomy, whatever the gold's size. The `perDocumentFamilies` and `forceOrdered` (family
 * indices: the families the merge found non-integral in another shard) stay per document even
 * where their values are integers.
 */
export async function scoreShard(db: Db, data: ScoringShardJobData, forceOrdered?: readonly number[]): Promise<ShardResult> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: data.submissionId },
    select: { subtaskId: true, phaseId: true, fileName: true },
  });
  const setup = await loadScoringTaxonomy(db, {
    subtaskId: submission.subtaskId,
    phaseId: submission.phaseId,
    goldVersion: data.goldVersion,
  });
  return scoreShardWith(db, setup, submission.fileName, data, forceOrdered);
}

export function scoreShardWith(
  db: Db,
  setup: TaxonomySetup,
  fileName: string,
  data: ScoringShardJobData,
  forceOrdered?: readonly number[],
): Promise<ShardResult> {
  if (!setup.goldRef.documentFormat) throw new Error(`gold version ${setup.goldVersion} is not stored by document; it cannot be sharded`);
  const gold: ShardGoldSource = (ids) => goldOfIds(db, setup, ids);
  return scoreShardFrom(setup, gold, fileName, data, storedBytes(db, data.submissionId, data.byteStart, data.byteEnd), forceOrdered);
}

/** The same from any source of the shard's bytes and gold (a benchmark reads them from files). */
export async function scoreShardFrom(
  setup: Pick<ScoringSetup, "taxonomy" | "subtask">,
  goldOf: ShardGoldSource,
  fileName: string,
  data: ScoringShardJobData,
  chunks: AsyncIterable<Uint8Array>,
  forceOrdered?: readonly number[],
): Promise<ShardResult> {
  const layout = scoringLayout(setup.taxonomy);
  const parser = new LabelFileParser({
    taxonomy: setup.taxonomy,
    role: "prediction",
    fileName,
    subtask: section(setup.subtask.section),
    unknownLabels: setup.subtask.unknownLabels,
    format: data.format,
  });
  // The shard starts inside its section: the parser is told so, as if it had read the header.
  if (data.format === "germeval" && data.section) parser.push(`subtask_${data.section}`, data.firstLine - 1);
  await forEachStoredLine(chunks, { byte: data.byteStart, line: data.firstLine }, fileName, (line, n) => parser.push(line, n));
  const pred = parser.finish();
  const gold = await goldOf([...pred.entries.keys()]);
  const goldIndices = new Int32Array(pred.documents);
  const paired: [DocumentLabels, DocumentLabels][] = [];
  for (const entry of pred.entries.values()) {
    const at = gold.positionOf.get(entry.id);
    const goldEntry = gold.entries.get(entry.id);
    if (at === undefined || !goldEntry) {
      throw new InputError("ID_NOT_IN_GOLD", `expected a document id of the gold file, got ${JSON.stringify(entry.id)}`, {
        file: fileName,
        line: entry.line,
      });
    }
    goldIndices[paired.length] = at;
    paired.push([goldEntry, entry]);
  }
  const ordered = [...new Set([...perDocumentFamilies(layout, setup.subtask), ...(forceOrdered ?? [])])];
  // Each document is prepared only when it is recorded (a prepared document is ~10 KB at 325k
  // classes; the recording ~2 KB): memory follows the recording, not the prepared shard.
  const prepared = (function* () {
    for (const [g, p] of paired) yield new PreparedDocument(g, p, layout.ctx);
  })();
  // Scoring a large shard takes CPU seconds: yield between batches so the job lock is renewed.
  const recorded = await recordStatisticsYielding(newAccumulator(layout), prepared);
  return { shard: data.shard, tally: parser.tally, ...splitStatistics(layout, recorded, ordered), goldIndices };
}

/**
 * Splits recorded statistics into sums of the families whose values are all integers and per
 * document entries of the others (plus `ordered`, kept per document regardless).
 */
export function splitStatistics(
  layout: ScoringLayout,
  recorded: { starts: Int32Array; indices: Int32Array; values: Float64Array; documents: number },
  ordered: readonly number[],
): Pick<ShardResult, "sumIndices" | "sumValues" | "orderedFamilies" | "orderedStarts" | "orderedIndices" | "orderedValues"> {
  const { familyOf, width } = layout;
  const keep = new Uint8Array(layout.families.length);
  for (const f of ordered) keep[f] = 1;
  for (let e = 0; e < recorded.values.length; e++) {
    const f = familyOf[recorded.indices[e]!]!;
    if (f >= 0 && !Number.isInteger(recorded.values[e]!)) keep[f] = 1;
  }
  const sums = new Float64Array(width);
  const seen = new Uint8Array(width);
  const touched: number[] = [];
  const starts = new Int32Array(recorded.documents + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let d = 0; d < recorded.documents; d++) {
    for (let e = recorded.starts[d]!; e < recorded.starts[d + 1]!; e++) {
      const index = recorded.indices[e]!;
      const f = familyOf[index]!;
      // The document count (entry 0) is an integer: summed.
      if (f >= 0 && keep[f]) {
        indices.push(index);
        values.push(recorded.values[e]!);
      } else {
        if (!seen[index]) {
          seen[index] = 1;
          touched.push(index);
        }
        sums[index]! += recorded.values[e]!;
      }
    }
    starts[d + 1] = indices.length;
  }
  const live = touched.filter((i) => sums[i] !== 0).sort((a, b) => a - b);
  return {
    sumIndices: Int32Array.from(live),
    sumValues: Float64Array.from(live, (i) => sums[i]!),
    orderedFamilies: [...keep.keys()].filter((f) => keep[f]),
    orderedStarts: starts,
    orderedIndices: Int32Array.from(indices),
    orderedValues: Float64Array.from(values),
  };
}
