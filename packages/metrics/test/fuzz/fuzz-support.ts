import fc from "fast-check";
import { expect } from "vitest";
import { InputError } from "../../src/errors/input-error.ts";

/** What a parser did with one input: a result, or the InputError it refused it with. */
export type Outcome<T> = { readonly ok: T } | { readonly error: InputError };

/**
 * Runs a parser on one fuzz input. Anything thrown other than an InputError
 * (a TypeError, a RangeError from a stack overflow…) is rethrown, failing the property.
 */
export function outcomeOf<T>(run: () => T): Outcome<T> {
  try {
    return { ok: run() };
  } catch (error) {
    if (error instanceof InputError) return { error };
    throw error;
  }
}

export async function outcomeOfAsync<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: await run() };
  } catch (error) {
    if (error instanceof InputError) return { error };
    throw error;
  }
}

/**
 * A clean refusal: a code, an "expected …, got …" message of bounded size that
 * carries no stack trace, and a line (when given) that exists in the input.
 */
export function expectCleanInputError(error: InputError, lineCount: number): void {
  expect(error.code).toMatch(/^[A-Z_0-9]+$/);
  expect(error.detail).toMatch(/^expected [\s\S]+, got /);
  expect(error.message).not.toMatch(/\n\s+at /);
  expect(error.message.length).toBeLessThan(2_000);
  if (error.line !== undefined) {
    expect(Number.isInteger(error.line)).toBe(true);
    expect(error.line).toBeGreaterThanOrEqual(1);
    expect(error.line).toBeLessThanOrEqual(lineCount);
  }
}

/** Lines a parser may number: one per LF, plus one for text after the last LF. */
export function lineCount(input: string | Uint8Array): number {
  let n = 1;
  for (let i = 0; i < input.length; i++) if ((typeof input === "string" ? input.charCodeAt(i) : input[i]) === 0x0a) n += 1;
  return n;
}

/** Same outcome: equal results, or the same error code on the same line. */
export function expectSameOutcome<T>(a: Outcome<T>, b: Outcome<T>): void {
  if ("error" in a || "error" in b) {
    expect("error" in a && "error" in b).toBe(true);
    if ("error" in a && "error" in b) {
      expect(b.error.code).toBe(a.error.code);
      expect(b.error.line).toBe(a.error.line);
      expect(b.error.message).toBe(a.error.message);
    }
    return;
  }
  expect(b.ok).toEqual(a.ok);
}

/** Runs per property: each property also stops after its own time limit. */
export const FUZZ = { numRuns: 300, interruptAfterTimeLimit: 4_000 } as const;

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/**
 * Text fragments that make parsers trip: separators, line endings (LF, CRLF,
 * lone CR), BOMs, NULs, JSON punctuation, section headers, surrogate halves.
 */
export const nastyFragment = fc.constantFrom(
  "\t",
  "\n",
  "\r\n",
  "\r",
  "\uFEFF",
  "\0",
  " ",
  "{",
  "}",
  "[",
  "]",
  '"',
  ",",
  ":",
  "null",
  "subtask_a",
  "subtask_b",
  '"id"',
  '"labels"',
  '"paths"',
  '"scores"',
  '"edges"',
  "1e999",
  "-0",
  "\\u0000",
  "\uD800",
  "é",
  "𝔸",
);

/** Random text built from `names` (e.g. a taxonomy's labels) and nasty fragments. */
export function textFrom(names: readonly string[], maxFragments = 60): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...names) },
        { weight: 4, arbitrary: nastyFragment },
        { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
      ),
      {
        maxLength: maxFragments,
      },
    )
    .map((parts) => parts.join(""));
}

/** Raw bytes, sometimes invalid UTF-8, sometimes mostly ASCII with LFs. */
export const randomBytes = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc
    .array(fc.constantFrom(0x0a, 0x0d, 0x09, 0x41, 0x42, 0x7b, 0x22, 0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xf0, 0x9d, 0x80, 0xff, 0x00), {
      maxLength: 400,
    })
    .map((b) => Uint8Array.from(b)),
);

/** Whether `text` has a UTF-8 form (no lone surrogate halves). */
export const isWellFormed = (text: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/**
 * Counts work, not time, so a test can tell linear from quadratic on any machine
 * load: the elements that Array includes/indexOf/lastIndexOf may scan while `run`
 * runs (each call charged its receiver's length) and the bytes Buffer.concat
 * copies. Both are restored afterwards, even when `run` throws.
 */
export async function workDuring<T>(run: () => T | Promise<T>): Promise<{ result: T; scanned: number; copied: number }> {
  const work = { scanned: 0, copied: 0 };
  const proto = Array.prototype as unknown as Record<string, (this: unknown[], ...args: unknown[]) => unknown>;
  const originals = (["includes", "indexOf", "lastIndexOf"] as const).map((name) => [name, proto[name]!] as const);
  const concat = Buffer.concat;
  for (const [name, original] of originals) {
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      work.scanned += this.length;
      return original.apply(this, args);
    };
  }
  Buffer.concat = (list, totalLength) => {
    const joined = concat(list, totalLength);
    work.copied += joined.length;
    return joined;
  };
  try {
    const result = await run();
    return { result, ...work };
  } finally {
    for (const [name, original] of originals) proto[name] = original;
    Buffer.concat = concat;
  }
}
