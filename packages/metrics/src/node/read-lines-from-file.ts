import { createReadStream } from "node:fs";
import { cleanLine, decodeLine, type LineHandler } from "../text/read-lines.ts";

/**
 * Streams a file line by line (bytes split at LF, each line decoded as strict
 * UTF-8), so memory stays bounded by the longest line, not the file.
 */
export async function readLinesFromFile(path: string, onLine: LineHandler, file = path): Promise<void> {
  let carry: Buffer | undefined;
  let lineNumber = 1;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let data = carry ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(0x0a, start); end !== -1; end = data.indexOf(0x0a, start)) {
      onLine(cleanLine(decodeLine(data.subarray(start, end), lineNumber, file), lineNumber), lineNumber);
      lineNumber += 1;
      start = end + 1;
    }
    carry = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
    data = Buffer.alloc(0);
  }
  if (carry && carry.length > 0) onLine(cleanLine(decodeLine(carry, lineNumber, file), lineNumber), lineNumber);
}
