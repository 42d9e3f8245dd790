import { InputError } from "@hierboard/metrics";

const LF = 0x0a;
// Same decoding as the engine's line readers: strict UTF-8, a BOM stripped on line 1 only.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** One line of a stored file: its text (no line ending), 1-based number and first byte's offset. */
export type StoredLineHandler = (line: string, lineNumber: number, byteStart: number) => void;

function decode(bytes: Uint8Array, lineNumber: number, file: string | undefined): string {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new InputError("NOT_UTF8", "expected UTF-8 text, got bytes that are not valid UTF-8", { file, line: lineNumber });
  }
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (lineNumber === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

/**
 * Splits streamed bytes into lines as the engine does (`readLinesFromChunks`), but also reports
 * where each line starts, counting from `from.byte` and `from.line`: a shard's byte range is
 * parsed with the line numbers of the whole file, and the shard planner cuts at line starts.
 */
export async function forEachStoredLine(
  chunks: AsyncIterable<Uint8Array>,
  from: { byte: number; line: number },
  file: string | undefined,
  onLine: StoredLineHandler,
): Promise<void> {
  let pending: Uint8Array[] = [];
  let lineNumber = from.line;
  let lineStart = from.byte;
  let offset = from.byte;
  const emit = (bytes: Uint8Array, next: number) => {
    onLine(decode(bytes, lineNumber, file), lineNumber, lineStart);
    lineNumber += 1;
    lineStart = next;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(LF, start); end !== -1; end = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, end);
      if (pending.length > 0) {
        pending.push(piece);
        emit(Buffer.concat(pending), offset + end + 1);
        pending = [];
      } else emit(piece, offset + end + 1);
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    offset += chunk.length;
  }
  if (pending.length > 0) emit(Buffer.concat(pending), offset);
}
