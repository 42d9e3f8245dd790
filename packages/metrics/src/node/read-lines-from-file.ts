import { createReadStream } from "node:fs";
import { cleanLine, decodeLine, type LineHandler } from "../text/read-lines.ts";

/**
 * Streams a file line by line (bytes split at LF, each line decoded as strict
 * UTF-8), so memory stays bounded by the longest line, not the file.
 */
export async function readLinesFromFile(path: string, onLine: LineHandler, file = path): Promise<void> {
  await readLinesFromChunks(createReadStream(path) as AsyncIterable<Buffer>, onLine, file);
}

/**
 * Splits a stream of byte chunks into lines, holding only the unfinished line.
 * A multi-byte character split across chunks is whole again before decoding,
 * since a line is decoded only once its LF (never inside a UTF-8 sequence) arrives.
 */
export async function readLinesFromChunks(chunks: AsyncIterable<Uint8Array>, onLine: LineHandler, file?: string): Promise<void> {
  // The unfinished line's pieces are joined once, when its LF arrives: joining
  // them chunk by chunk would copy a 5 MB line ~80 times (quadratic).
  let pending: Uint8Array[] = [];
  let lineNumber = 1;
  const emit = (bytes: Uint8Array): void => {
    onLine(cleanLine(decodeLine(bytes, lineNumber, file), lineNumber), lineNumber);
    lineNumber += 1;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      if (pending.length > 0) {
        pending.push(chunk.subarray(start, end));
        emit(Buffer.concat(pending));
        pending = [];
      } else emit(chunk.subarray(start, end));
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) emit(Buffer.concat(pending));
}
