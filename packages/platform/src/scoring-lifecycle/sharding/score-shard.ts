import type { Db } from "@hierboard/db";
import { InputError, LabelFileParser, PreparedDocument, recordStatisticsYielding, type Subtask } from "@hierboard/metrics";
import { loadScoringSetup, type ScoringSetup } from "../../scoring/load-scoring-setup.ts";
import type { ScoringShardJobData } from "@hierboard/queue";
import type { ShardResult } from "./shard-result.ts";
import { goldIndex, newAccumulator, perDocumentFamilies, scoringLayout, type ScoringLayout } from "./scoring-layout.ts";
import { storedBytes } from "./stored-bytes.ts";
import { forEachStoredLine } from "./stored-lines.ts";

function section(value: string | null): Subtask | undefined {
  return value === "a" || value === "b" ? value : undefined;
}

/**
 * Scores one shard: streams its byte range of the stored prediction through the engine's
 * line parser (memory: the shard's documents), pairs each document with its gold entry and
 * records its statistics. The `perDocumentFamilies` and `forceOrdered` (family indices: the
 * families the parent found non-integral in another shard) stay per document even where their
 * values are integers.
 */
export async function scoreShard(db: Db, data: ScoringShardJobData, forceOrdered?: readonly number[]): Promise<ShardResult> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: data.submissionId },
    select: { subtaskId: true, phaseId: true, fileName: true },
  });
  const setup = await loadScoringSetup(db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId, goldVersion: data.goldVersion });
  return scoreShardWith(db, setup, submission.fileName, data, forceOrdered);
}

export function scoreShardWith(
  db: Db,
  setup: ScoringSetup,
  fileName: string,
  data: ScoringShardJobData,
  forceOrdered?: readonly number[],
): Promise<ShardResult> {
  return scoreShardFrom(setup, fileName, data, storedBytes(db, data.submissionId, data.byteStart, data.byteEnd), forceOrdered);
}

/** The same from any source of the shard's bytes (a benchmark reads them from a file). */
export async function scoreShardFrom(
  setup: ScoringSetup,
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
  const { indexOf } = goldIndex(setup.gold);
  const goldIndices = new Int32Array(pred.documents);
  const docs: PreparedDocument[] = [];
  for (const entry of pred.entries.values()) {
    const at = indexOf.get(entry.id);
    if (at === undefined) {
      throw new InputError("ID_NOT_IN_GOLD", `expected a document id of the gold file, got ${JSON.stringify(entry.id)}`, {
        file: fileName,
        line: entry.line,
      });
    }
    goldIndices[docs.length] = at;
    docs.push(new PreparedDocument(setup.gold.entries.get(entry.id)!, entry, layout.ctx));
  }
  const ordered = [...new Set([...perDocumentFamilies(layout, setup.subtask), ...(forceOrdered ?? [])])];
  // Scoring a large shard takes CPU seconds: yield between batches so the job lock is renewed.
  const recorded = await recordStatisticsYielding(newAccumulator(layout), docs);
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
