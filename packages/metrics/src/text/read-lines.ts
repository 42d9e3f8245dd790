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

/** Bytes decoded at a time: whole lines, about this many bytes, so no input is ever held as one string. */
const DECODE_BYTES = 1 << 20;

/**
 * Calls `onLine` for every line of `input` in one pass, without splitting the
 * whole text into an array first. Bytes are decoded a piece of whole lines at a
 * time (about 1 MiB: a decoder call per line costs more than the parse on files
 * of short lines, and a whole file decoded at once doubles what is held); when
 * they are not UTF-8, the offending line is found and named.
 */
export function forEachLine(input: string | Uint8Array, onLine: LineHandler, file?: string): void {
  if (typeof input === "string") {
    forEachLineOfText(input, 1, onLine);
    return;
  }
  let start = 0;
  let firstLine = 1;
  while (start < input.length) {
    const stop = pieceEnd(input, start);
    const text = decodeWhole(input.subarray(start, stop), firstLine, file);
    firstLine = forEachLineOfText(text, firstLine, onLine);
    start = stop;
  }
}

/** Where the piece from `start` ends: after its last line ending, or after the first past it when a line is longer, or at the input's end. */
function pieceEnd(input: Uint8Array, start: number): number {
  const end = start + DECODE_BYTES;
  if (end >= input.length) return input.length;
  const lastLf = input.lastIndexOf(LF, end - 1);
  if (lastLf >= start) return lastLf + 1;
  const next = input.indexOf(LF, end);
  return next === -1 ? input.length : next + 1;
}

/** The lines of `text`, numbered from `firstLine`; returns the number of the line after its last line ending. */
function forEachLineOfText(text: string, firstLine: number, onLine: LineHandler): number {
  let start = 0;
  let lineNumber = firstLine;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (end !== -1 || stop > start) onLine(cleanLine(text.slice(start, stop), lineNumber), lineNumber);
    if (end === -1) break;
    start = end + 1;
    lineNumber += 1;
  }
  return lineNumber;
}

/** A piece of the input as text; on bytes that are not UTF-8, the error names the first bad line. */
function decodeWhole(input: Uint8Array, firstLine: number, file: string | undefined): string {
  try {
    return decoder.decode(input);
  } catch {
    let start = 0;
    for (let lineNumber = firstLine; start <= input.length; lineNumber++) {
      const end = input.indexOf(LF, start);
      const stop = end === -1 ? input.length : end;
      decodeLine(input.subarray(start, stop), lineNumber, file);
      if (end === -1) break;
      start = end + 1;
    }
    throw new InputError("NOT_UTF8", "expected UTF-8 text, got bytes that are not valid UTF-8", { file });
  }
}
