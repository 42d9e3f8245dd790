import type { LabelFormat } from "@hierboard/metrics";
import { forEachStoredLine } from "../shards/stored-lines.ts";

/** One gold document as stored (GoldDocument): its raw line, where it is, and its id. */
export interface GoldDocumentRow {
  /** "a" or "b" in a GermEval two-section file, "" otherwise. */
  section: string;
  /** Index of the document in its section: the gold order a subtask scores in. */
  position: number;
  documentId: string;
  line: number;
  text: string;
}

const SECTION = /^subtask_([ab])$/;

// The engine's format detection (LabelFileParser), on the first non-blank line.
function detectFormat(firstLine: string, fileName: string): LabelFormat {
  if (SECTION.test(firstLine)) return "germeval";
  if (firstLine.startsWith("{")) return "jsonl";
  if (/\.jsonl?$/i.test(fileName)) return "jsonl";
  return "tsv";
}

// The id exactly as the engine's line parsers read it (parseTsvLine, parseJsonLine).
function documentId(line: string, format: LabelFormat): string {
  if (format === "jsonl") return String((JSON.parse(line) as { id: string | number }).id);
  return line.trim().split("\t")[0]!;
}

/** The chunks; before each next one, `between` runs (the rows cut so far are written). */
async function* pausing(chunks: AsyncIterable<Uint8Array>, between: () => Promise<void>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    await between();
    yield chunk;
  }
}

/**
 * Cuts a gold file that already passed validation into one row per document, in file order,
 * handing them to `onBatch` before each next chunk of the file is read (memory: one chunk's
 * rows). Returns the detected format. A repeated id (possible only in a section no subtask reads,
 * which validation skips) is left to the caller's unique index.
 */
export async function goldDocumentRows(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  onBatch: (rows: GoldDocumentRow[]) => Promise<void>,
): Promise<LabelFormat> {
  let format: LabelFormat | undefined;
  let section = "";
  const positions = new Map<string, number>();
  let batch: GoldDocumentRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await onBatch(rows);
  };
  await forEachStoredLine(pausing(chunks, flush), { byte: 0, line: 1 }, fileName, (line, lineNumber) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    format ??= detectFormat(trimmed, fileName);
    const header = format === "germeval" ? SECTION.exec(trimmed) : null;
    if (header) {
      section = header[1]!;
      return;
    }
    const position = positions.get(section) ?? 0;
    positions.set(section, position + 1);
    batch.push({ section, position, documentId: documentId(line, format), line: lineNumber, text: line });
  });
  await flush();
  return format ?? "tsv";
}
