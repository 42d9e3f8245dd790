import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LabelFileParser } from "../../src/labels/label-file-parser.ts";
import { readLabelFile, readTaxonomyFile } from "../../src/node/read-files.ts";
import { readLinesFromChunks, readLinesFromFile } from "../../src/node/read-lines-from-file.ts";
import { parseTaxonomy } from "../../src/taxonomy/parse-taxonomy.ts";
import { forEachLine } from "../../src/text/read-lines.ts";
import { expectCleanInputError, expectSameOutcome, lineCount, outcomeOf, outcomeOfAsync, utf8, workDuring } from "./fuzz-support.ts";

/** The chunk size of fs.createReadStream, which readLinesFromFile uses. */
const CHUNK = 64 * 1024;
const dir = mkdtempSync(join(tmpdir(), "hierboard-fuzz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const tempFile = (bytes: Uint8Array | string): string => {
  const path = join(dir, `f${files++}.tsv`);
  writeFileSync(path, bytes);
  return path;
};

const taxonomy = parseTaxonomy("\tA\n\té\n\t€\n\t𝔸\nA\tC\n");

async function linesOfFile(path: string): Promise<string[]> {
  const lines: string[] = [];
  await readLinesFromFile(path, (line) => lines.push(line), "f");
  return lines;
}
function linesInMemory(bytes: Uint8Array): string[] {
  const lines: string[] = [];
  forEachLine(bytes, (line) => lines.push(line), "f");
  return lines;
}

describe("fuzz: the streaming file reader at 64 KiB chunk boundaries", () => {
  it("a 2-, 3- or 4-byte character straddling a chunk boundary, at every split, is read whole", async () => {
    for (const char of ["é", "€", "𝔸"]) {
      const width = utf8(char).length;
      for (let before = 1; before < width; before++) {
        // The character starts `before` bytes ahead of the first boundary, and again of the second.
        const line1 = `${"p".repeat(CHUNK - before - 6)}\tA\n`;
        const line2 = `d1\t${char}\n`;
        const start3 = utf8(line1 + line2).length;
        const line3 = `${"z".repeat(2 * CHUNK - before - 1 - start3)}\t${char}\n`;
        const bytes = utf8(`${line1}${line2}${line3}d3\t${char}\n`);
        const code = utf8(char);
        expect(bytes.indexOf(code[0]!)).toBe(CHUNK - before);
        expect(bytes.indexOf(code[0]!, CHUNK + 1)).toBe(2 * CHUNK - before);
        const path = tempFile(bytes);
        const stream = createReadStream(path);
        expect(stream.readableHighWaterMark).toBe(CHUNK); // else the boundaries tested are not the reader's
        stream.destroy();
        expect(await linesOfFile(path)).toEqual(linesInMemory(bytes));
        const gold = await readLabelFile(path, { taxonomy, role: "gold" });
        expect(gold.entries.get("d1")!.labels).toEqual([taxonomy.id(char)]);
        expect(gold.entries.get("z".repeat(2 * CHUNK - before - 1 - start3))!.labels).toEqual([taxonomy.id(char)]);
        expect(gold.entries.get("d3")!.labels).toEqual([taxonomy.id(char)]);
      }
    }
  });

  it("invalid UTF-8 at a chunk boundary or at the end of the file is NOT_UTF8 on its line", async () => {
    const lead = utf8(`${"p".repeat(CHUNK - 7)}\tA\nd1\t`); // ends one byte before the boundary
    const cases: [Uint8Array, number][] = [
      [Uint8Array.from([...lead, 0xc3, 0x41, 0x0a]), 2], // a lead byte, then ASCII across the boundary
      [Uint8Array.from([...lead, 0xe2, 0x82, 0x0a]), 2], // a 3-byte character cut by its line end
      [Uint8Array.from([...lead, 0xff, 0x0a, 0x64, 0x32, 0x0a]), 2],
      [Uint8Array.from([...lead, 0x41, 0x0a, 0x64, 0x32, 0x09, 0xf0, 0x9d]), 3], // the file ends inside a character
    ];
    for (const [bytes, line] of cases) {
      const path = tempFile(bytes);
      const streamed = await outcomeOfAsync(() => readLabelFile(path, { taxonomy, role: "prediction", fileName: "p.tsv" }));
      expect("error" in streamed && streamed.error.code).toBe("NOT_UTF8");
      expect("error" in streamed && streamed.error.line).toBe(line);
      if ("error" in streamed) expectCleanInputError(streamed.error, lineCount(bytes));
    }
  });

  it("random files a little over one chunk (multi-byte text, CRLF, NULs, BOMs, stray bytes) read as they do in memory", async () => {
    const piece = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 8 }),
      fc.constantFrom("\n", "\r\n", "\t", "\0", "\uFEFF", "é", "€", "𝔸"),
      fc.uint8Array({ maxLength: 3 }).map((b) => String.fromCharCode(...b)), // Latin-1 noise, re-encoded below
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 40 }),
        fc.option(fc.integer({ min: 0, max: 255 })),
        async (pieces, shift, stray) => {
          const tail = utf8(pieces.join(""));
          const bytes = new Uint8Array(CHUNK - shift + tail.length + 1);
          bytes.fill(0x61, 0, CHUNK - shift - 1);
          bytes[CHUNK - shift - 1] = 0x0a;
          bytes.set(tail, CHUNK - shift);
          if (stray !== null) bytes[CHUNK + (shift % 3)] = stray; // maybe invalid, right after the boundary
          bytes[bytes.length - 1] = 0x0a;
          const path = tempFile(bytes);
          const inMemory = outcomeOf(() => linesInMemory(bytes));
          expectSameOutcome(inMemory, await outcomeOfAsync(() => linesOfFile(path)));
          rmSync(path);
        },
      ),
      { numRuns: 40, interruptAfterTimeLimit: 4_000 },
    );
  });

  it("a 5 MB line streams in linear work: one document with a huge id, and a huge taxonomy line", async () => {
    // Work is counted, not timed: each line's pieces are joined once, so the bytes
    // Buffer.concat copies stay within the line lengths (joining piece by piece
    // copied the 5 MB line ~80 times).
    const huge = "x".repeat(5 * 1024 * 1024);
    const { result: gold, copied } = await workDuring(() =>
      readLabelFile(tempFile(`d0\tA\n${huge}\tC\r\nd2\t𝔸\n`), { taxonomy, role: "gold" }),
    );
    expect([...gold.entries.keys()].map((id) => id.length)).toEqual([2, huge.length, 2]);
    expect(copied, "bytes joined by Buffer.concat").toBeLessThanOrEqual(huge.length + 100);
    const { result: t, copied: taxonomyCopied } = await workDuring(() => readTaxonomyFile(tempFile(`A\t${huge}\n`)));
    expect(t.id(huge)).toBe(2);
    expect(taxonomyCopied, "bytes joined by Buffer.concat").toBeLessThanOrEqual(huge.length + 100);
  });
});

describe("fuzz: the line splitter with any chunking", () => {
  it("a 4 MB line arriving in 64-byte chunks is joined once, in linear work", async () => {
    // Joining the unfinished line with every chunk copied it once per chunk:
    // 65k chunks × 2 MB on average. Counted, not timed: the bytes copied must be
    // the line's own length, once.
    const line = utf8(`d1\t${"é".repeat(2 * 1024 * 1024)}\n`);
    async function* chunks() {
      for (let at = 0; at < line.length; at += 64) yield line.subarray(at, at + 64);
    }
    const lines: string[] = [];
    const { copied } = await workDuring(() => readLinesFromChunks(chunks(), (text) => lines.push(text)));
    expect(copied, "bytes joined by Buffer.concat").toBeLessThanOrEqual(line.length);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(3 + 2 * 1024 * 1024);
  });
});

describe("streaming memory stays bounded by the documents kept", () => {
  const DOCUMENTS = 200_000;
  const line = (i: number) => `doc${i}\tA\tC${"\t".repeat(150)}\n`; // empty fields carry no label: big file, small documents

  it("the line splitter never holds more than one chunk beyond the line it hands out (200k documents)", async () => {
    let produced = 0;
    async function* chunks() {
      let pending = "";
      for (let i = 0; i < DOCUMENTS; i++) {
        pending += line(i);
        if (pending.length >= CHUNK) {
          const bytes = utf8(pending.slice(0, CHUNK));
          pending = pending.slice(CHUNK);
          produced += bytes.length;
          yield bytes;
        }
      }
      produced += pending.length;
      yield utf8(pending);
    }
    let consumed = 0;
    let most = 0;
    let documents = 0;
    await readLinesFromChunks(chunks(), (text) => {
      consumed += text.length + 1;
      most = Math.max(most, produced - consumed);
      if (text.startsWith("doc")) documents += 1;
    });
    expect(documents).toBe(DOCUMENTS);
    expect(most).toBeLessThanOrEqual(CHUNK);
  });

  it("reading a 200k-document label file from disk holds a few chunks of file bytes, not the file", async () => {
    const text = Array.from({ length: DOCUMENTS }, (_, i) => line(i)).join("");
    const path = tempFile(text);
    expect(text.length).toBeGreaterThan(30 * 1024 * 1024);
    // What readLabelFile does, with the Buffer memory (where a whole-file read
    // would live) sampled every 1000 lines.
    const parser = new LabelFileParser({ taxonomy, role: "prediction", fileName: "big.tsv" });
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    await readLinesFromFile(path, (text, n) => {
      parser.push(text, n);
      if (n % 1000 === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
    });
    const pred = parser.finish();
    expect(pred.documents).toBe(DOCUMENTS);
    expect(pred.entries.get(`doc${DOCUMENTS - 1}`)!.labels).toEqual([taxonomy.id("A"), taxonomy.id("C")]);
    // Generous, since garbage collection frees chunks late (about 3 MB measured
    // here); a whole-file read would hold all ~31 MB at once.
    expect(peak).toBeLessThan(text.length / 2);
  });
});
