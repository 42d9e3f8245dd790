import type { Db } from "@hierboard/db";
import { LabelFileParser, scoreShardPart, type ShardPart, type Subtask } from "@hierboard/metrics";
import { loadScoringSetup, type ScoringSetup } from "../../scoring/load-scoring-setup.ts";
import type { ScoringShardJobData } from "@hierboard/queue";
import { perDocumentFamilies, scoringLayout } from "./scoring-layout.ts";
import { storedBytes } from "./stored-bytes.ts";
import { forEachStoredLine } from "./stored-lines.ts";

function section(value: string | null): Subtask | undefined {
  return value === "a" || value === "b" ? value : undefined;
}

/**
 * Scores one shard: streams its byte range of the stored prediction through the engine's
 * line parser (memory: the shard's documents) and hands the documents to the engine
 * (`scoreShardPart`), keeping the `perDocumentFamilies` per document.
 */
export async function scoreShard(db: Db, data: ScoringShardJobData): Promise<ShardPart> {
  const submission = await db.submission.findUniqueOrThrow({
    where: { id: data.submissionId },
    select: { subtaskId: true, phaseId: true, fileName: true },
  });
  const setup = await loadScoringSetup(db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId, goldVersion: data.goldVersion });
  return scoreShardFrom(setup, submission.fileName, data, storedBytes(db, data.submissionId, data.byteStart, data.byteEnd));
}

/** The same from any source of the shard's bytes (a benchmark reads them from a file). */
export async function scoreShardFrom(
  setup: ScoringSetup,
  fileName: string,
  data: ScoringShardJobData,
  chunks: AsyncIterable<Uint8Array>,
): Promise<ShardPart> {
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
  return scoreShardPart(
    layout,
    setup.gold,
    { shard: data.shard, pred, tally: parser.tally },
    {
      perDocument: perDocumentFamilies(layout, setup.subtask),
    },
  );
}
