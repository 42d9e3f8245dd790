import { InputError } from "../errors/input-error.ts";

/** Receives one line at a time (without its line ending), with its 1-based number. */
export type LineHandler = (line: string, lineNumber: number) => void;

const LF = 0x0a;
// ignoreBOM: a BOM is stripped on line 1 only (cleanLine), as for string input;
// the default would silently strip one at the start of every line.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Strips a trailing carriage return (CRLF files) and, on line 1, a byte-order mark. */
export function cleanLine(raw: string, lineNumber: number): string {
  let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (lineNumber === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
  return line;
}

/** Decodes one line's bytes, naming the line when they are not UTF-8. */
export function decodeLine(bytes: Uint8Array, lineNumber: number, file: string | undefined): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new InputError("NOT_UTF8", "expected UTF-8 text, got bytes that are not valid UTF-8", { file, line: lineNumber });
  }
}

/**
 * Calls `onLine` for every line of `input` in one pass, without splitting the
 * whole text into an array first. Bytes are decoded once, as a whole (a
 * decoder call per line costs more than the parse on files of short lines);
 * when they are not UTF-8, the offending line is found and named.
 */
export function forEachLine(input: string | Uint8Array, onLine: LineHandler, file?: string): void {
  const text = typeof input === "string" ? input : decodeWhole(input, file);
  let start = 0;
  let lineNumber = 1;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (end !== -1 || stop > start) onLine(cleanLine(text.slice(start, stop), lineNumber), lineNumber);
    if (end === -1) break;
    start = end + 1;
    lineNumber += 1;
  }
}

/** The whole input as text; on bytes that are not UTF-8, the error names the first bad line. */
function decodeWhole(input: Uint8Array, file: string | undefined): string {
  try {
    return decoder.decode(input);
  } catch {
    let start = 0;
    for (let lineNumber = 1; start <= input.length; lineNumber++) {
      const end = input.indexOf(LF, start);
      const stop = end === -1 ? input.length : end;
      decodeLine(input.subarray(start, stop), lineNumber, file);
      if (end === -1) break;
      start = end + 1;
    }
    throw new InputError("NOT_UTF8", "expected UTF-8 text, got bytes that are not valid UTF-8", { file });
  }
}
