import { InputError, type LabelFormat, type Subtask } from "@hierboard/metrics";
import type { ShardSpec } from "./sharding-plan.ts";
import { forEachStoredLine } from "./stored-lines.ts";

export type PlannedShard = Pick<ShardSpec, "byteStart" | "byteEnd" | "firstLine" | "documents" | "section">;

export interface ShardPlan {
  format: LabelFormat;
  documents: number;
  shards: PlannedShard[];
}

export interface ShardLimits {
  /** At most this many documents per shard. */
  maxDocuments: number;
  /** A shard is closed once it spans this many bytes (at least one document each). */
  maxBytes: number;
}

const SECTION = /^subtask_([ab])$/;

/** The engine's format detection (LabelFileParser): on the first non-blank line. */
function detectFormat(firstLine: string, fileName: string | undefined): LabelFormat {
  if (SECTION.test(firstLine)) return "germeval";
  if (firstLine.startsWith("{")) return "jsonl";
  if (fileName && /\.jsonl?$/i.test(fileName)) return "jsonl";
  return "tsv";
}

/**
 * One streaming pass over a prediction file that cuts it into shards of whole document lines,
 * without parsing a document: each shard is a byte range starting at a document line of the
 * chosen section, with that line's number and the GermEval section in force there. Memory is
 * one line plus the list of cuts. Lines the parser skips (blank ones, the other section's) stay
 * inside a shard's range and are skipped there too.
 */
export async function planShards(
  chunks: AsyncIterable<Uint8Array>,
  opts: { fileName?: string; subtask?: Subtask; totalBytes: number; limits: ShardLimits },
): Promise<ShardPlan> {
  let format: LabelFormat | undefined;
  let section: Subtask | undefined;
  let documents = 0;
  const shards: PlannedShard[] = [];
  let current: PlannedShard | undefined;
  await forEachStoredLine(chunks, { byte: 0, line: 1 }, opts.fileName, (line, lineNumber, byteStart) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    format ??= detectFormat(trimmed, opts.fileName);
    if (format === "germeval") {
      const header = SECTION.exec(trimmed);
      if (header) {
        section = header[1] as Subtask;
        return;
      }
      if (section === undefined) {
        throw new InputError(
          "SECTION",
          `expected a "subtask_a" or "subtask_b" header before the first document, got ${JSON.stringify(trimmed.slice(0, 40))}`,
          {
            file: opts.fileName,
            line: lineNumber,
          },
        );
      }
      if (opts.subtask !== undefined && section !== opts.subtask) return;
    }
    documents += 1;
    if (current && (current.documents >= opts.limits.maxDocuments || byteStart - current.byteStart >= opts.limits.maxBytes)) {
      current.byteEnd = byteStart;
      current = undefined;
    }
    if (!current) {
      current = {
        byteStart,
        byteEnd: opts.totalBytes,
        firstLine: lineNumber,
        documents: 0,
        ...(format === "germeval" && section ? { section } : {}),
      };
      shards.push(current);
    }
    current.documents += 1;
  });
  return { format: format ?? "tsv", documents, shards };
}
