import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { forEachLine } from "./read-lines.ts";

const linesOf = (input: string | Uint8Array) => {
  const lines: string[] = [];
  forEachLine(input, (line, n) => lines.push(`${n}:${line}`));
  return lines;
};

describe("forEachLine on bytes, decoded a piece of whole lines at a time", () => {
  it("gives the lines and numbers the text gives, across pieces (example: lines of 1,000 bytes over 5 MiB)", () => {
    const texts = [
      "",
      "a",
      "a\n\n",
      "\n\nb\r\n\n",
      "\ufeffx\ny",
      `${"a".repeat(3 << 20)}\nb\n\nc`,
      `line é\n\n${"x".repeat(1000)}\r\n`.repeat(5000),
    ];
    for (const text of texts) expect(linesOf(new TextEncoder().encode(text))).toEqual(linesOf(text));
  });

  it("names the line of bytes that are not UTF-8 in a later piece", () => {
    const bytes = new TextEncoder().encode("ok\n".repeat(600_000));
    const bad = new Uint8Array(bytes.length + 1);
    bad.set(bytes.subarray(0, 1_500_000));
    bad[1_500_000] = 0xff;
    bad.set(bytes.subarray(1_500_000), 1_500_001);
    let error: unknown;
    try {
      forEachLine(bad, () => {}, "pred.tsv");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).line).toBe(500_001);
  });
});
