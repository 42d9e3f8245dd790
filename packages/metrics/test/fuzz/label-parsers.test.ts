import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LabelFile } from "../../src/labels/label-file.ts";
import type { LabelFileOptions } from "../../src/labels/label-file-parser.ts";
import { parseLabelText } from "../../src/labels/parse-label-text.ts";
import { readLinesFromChunks } from "../../src/node/read-lines-from-file.ts";
import { LabelFileParser } from "../../src/labels/label-file-parser.ts";
import { parseTaxonomy } from "../../src/taxonomy/parse-taxonomy.ts";
import { ROOT } from "../../src/taxonomy/taxonomy.ts";
import {
  FUZZ,
  expectCleanInputError,
  expectSameOutcome,
  isWellFormed,
  lineCount,
  outcomeOf,
  outcomeOfAsync,
  randomBytes,
  textFrom,
  utf8,
  workDuring,
  type Outcome,
} from "./fuzz-support.ts";

const taxonomy = parseTaxonomy(`${readFileSync(new URL("../fixtures/figure4.tsv", import.meta.url), "utf8")}\té\n`);
const NAMES = taxonomy.names.slice(1);

type Options = Omit<LabelFileOptions, "taxonomy">;
const optionsArb: fc.Arbitrary<Options> = fc.record({
  role: fc.constantFrom("gold" as const, "prediction" as const),
  unknownLabels: fc.constantFrom("error" as const, "drop" as const),
  subtask: fc.constantFrom(undefined, "a" as const, "b" as const),
  format: fc.constantFrom(undefined, "tsv" as const, "germeval" as const, "jsonl" as const),
  fileName: fc.constantFrom("labels.tsv", "labels.jsonl", "labels.txt"),
});

/** What holds of every label file the parser accepts. */
function expectWellFormed(file: LabelFile, lines: number): void {
  expect(file.documents).toBe(file.entries.size);
  if (file.role === "gold") expect(file.documents).toBeGreaterThan(0);
  for (const [id, entry] of file.entries) {
    expect(entry.id).toBe(id);
    expect(id).not.toBe("");
    expect(entry.line).toBeGreaterThanOrEqual(1);
    expect(entry.line).toBeLessThanOrEqual(lines);
    expect(new Set(entry.labels).size).toBe(entry.labels.length);
    for (const label of entry.labels) expect(label >= 1 && label < taxonomy.nodeCount).toBe(true);
    for (const path of entry.paths ?? []) {
      expect(path[0]).toBe(ROOT);
      for (let i = 1; i < path.length; i++) expect(taxonomy.isChildOf(path[i]!, path[i - 1]!)).toBe(true);
    }
    if (entry.scores) {
      expect(file.role).toBe("prediction");
      for (const score of entry.scores.values()) expect(score >= 0 && score <= 1).toBe(true);
    }
  }
}

function parseChecked(input: string | Uint8Array, options: Options): Outcome<LabelFile> {
  const outcome = outcomeOf(() => parseLabelText(input, { taxonomy, ...options }));
  if ("ok" in outcome) expectWellFormed(outcome.ok, lineCount(input));
  else expectCleanInputError(outcome.error, lineCount(input));
  return outcome;
}

/** Streams `bytes` through the file reader's line splitter, cut into the given chunk sizes. */
async function parseStreamed(bytes: Uint8Array, options: Options, sizes: readonly number[]): Promise<Outcome<LabelFile>> {
  async function* chunks() {
    let at = 0;
    for (let i = 0; at < bytes.length; i++) {
      const size = sizes.length === 0 ? bytes.length : Math.max(1, sizes[i % sizes.length]!);
      yield bytes.subarray(at, at + size);
      at += size;
    }
  }
  return outcomeOfAsync(async () => {
    const parser = new LabelFileParser({ taxonomy, ...options });
    await readLinesFromChunks(chunks(), (line, n) => parser.push(line, n), options.fileName);
    return parser.finish();
  });
}

/** A JSON Lines document with random, often wrong, fields. */
const jsonDocument = fc
  .record(
    {
      id: fc.oneof(fc.constantFrom("d1", "d2", "d3", ""), fc.integer(), fc.constant(null), fc.double()),
      labels: fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.string(), fc.integer()), { maxLength: 5 }),
      paths: fc.array(fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...NAMES) }, fc.string()), { maxLength: 4 }), {
        maxLength: 3,
      }),
      scores: fc.dictionary(
        fc.oneof(fc.constantFrom(...NAMES), fc.string()),
        fc.oneof(fc.double(), fc.constantFrom(0, 0.5, 1), fc.string()),
      ),
      extra: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  )
  .map((doc) => JSON.stringify(doc));

const jsonLinesText = fc
  .array(fc.tuple(jsonDocument, fc.constantFrom("\n", "\r\n", "\n\n", "\r\n\r\n")), { maxLength: 8 })
  .map((lines) => lines.map(([line, eol]) => line + eol).join(""));

const labelText = fc.oneof(textFrom([...NAMES, "d1", "d2", "subtask_a\n", "subtask_b\n", "\td"]), jsonLinesText);

describe("fuzz: label files (TSV, GermEval two-section, JSON Lines)", () => {
  it("random bytes: a label file or a clean InputError, in every format and role", () => {
    fc.assert(
      fc.property(randomBytes, optionsArb, (bytes, options) => {
        parseChecked(bytes, options);
      }),
      FUZZ,
    );
  });

  it("random text and random JSON Lines (mixed CRLF, BOMs, NULs): a label file or a clean InputError", () => {
    fc.assert(
      fc.property(labelText, optionsArb, (text, options) => {
        parseChecked(text, options);
      }),
      FUZZ,
    );
  });

  it("a string, its UTF-8 bytes and the bytes streamed in random chunks all give the same outcome", async () => {
    await fc.assert(
      fc.asyncProperty(labelText, optionsArb, fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 4 }), async (text, options, sizes) => {
        if (!isWellFormed(text)) return; // lone surrogates have no UTF-8 form
        const bytes = utf8(text);
        const fromText = parseChecked(text, options);
        expectSameOutcome(fromText, parseChecked(bytes, options));
        expectSameOutcome(fromText, await parseStreamed(bytes, options, sizes));
      }),
      FUZZ,
    );
  });

  it("truncated files (cut at any byte): a label file or a clean InputError", () => {
    const files = [
      "d1\tA\tC\r\nd2\té\n\nd3\n",
      "subtask_a\nd1\tA\nd2\tB\nsubtask_b\nd1\tC\td2\nd2\tH\n",
      '{"id":"d1","labels":["A","é"]}\n{"id":2,"paths":[["A","C","H"]]}\r\n{"id":"d3","scores":{"A":0.5,"C":1}}\n',
    ].map(utf8);
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.double({ min: 0, max: 1, noNaN: true }), optionsArb, (bytes, at, options) => {
        parseChecked(bytes.subarray(0, Math.floor(at * bytes.length)), options);
      }),
      FUZZ,
    );
  });

  it("100k labels on one line: TSV, JSON labels, JSON scores, repeats counted once, in linear work", async () => {
    const n = 100_000;
    const flat = parseTaxonomy(Array.from({ length: n }, (_, i) => `\tL${i}`).join("\n"));
    const all = Array.from({ length: n }, (_, i) => `L${i}`);
    // Linear work, counted rather than timed (no wall clock: the machine may be
    // loaded). The quadratic version called labels.includes per label, scanning
    // ~n²/2 = 5·10⁹ elements; a linear parse scans a small multiple of n at most.
    // Parse time itself is printed by `pnpm bench parsers`.
    const read = async (text: string, role: "gold" | "prediction" = "prediction") => {
      const { result, scanned } = await workDuring(() => parseLabelText(text, { taxonomy: flat, role, fileName: "wide" }));
      expect(scanned, "array elements scanned by includes/indexOf").toBeLessThanOrEqual(10 * n);
      return result.entries.get("d1")!;
    };
    expect((await read(`d1\t${all.join("\t")}\n`, "gold")).labels).toHaveLength(n);
    expect((await read(`${JSON.stringify({ id: "d1", labels: all })}\n`)).labels).toHaveLength(n);
    expect((await read(`${JSON.stringify({ id: "d1", paths: all.map((l) => [l]) })}\n`)).labels).toHaveLength(n);
    expect((await read(`${JSON.stringify({ id: "d1", scores: Object.fromEntries(all.map((l) => [l, 0.5])) })}\n`)).scores!.size).toBe(n);
    const repeated = parseLabelText(`d1${"\tL7".repeat(n)}\n`, { taxonomy: flat, role: "prediction" });
    expect(repeated.entries.get("d1")!.labels).toHaveLength(1);
    expect(repeated.warnings.join()).toContain(`${n - 1} repeated labels`);
  });

  it("a 5 MB line: a huge id is read; a huge unknown label or duplicate id is refused with a short message", () => {
    const huge = "x".repeat(5 * 1024 * 1024);
    expect(parseLabelText(`${huge}\tA\n`, { taxonomy, role: "gold" }).entries.has(huge)).toBe(true);
    expect(parseLabelText(utf8(`${JSON.stringify({ id: huge, labels: ["A"] })}\n`), { taxonomy, role: "gold" }).entries.has(huge)).toBe(
      true,
    );
    for (const [text, code] of [
      [`d1\t${huge}\n`, "UNKNOWN_LABEL"],
      [`${huge}\tA\n${huge}\tB\n`, "DUPLICATE_ID"],
      [`{"id":"d1","labels":"${huge}"}\n`, "BAD_SHAPE"],
      [`{"id":"d1","labels":["A"]${huge}\n`, "BAD_JSON"],
    ] as const) {
      const outcome = parseChecked(text, { role: "gold" });
      expect("error" in outcome && outcome.error.code).toBe(code);
    }
  });

  it("JSON nested 200k deep in an id, labels, paths or scores is refused as BAD_SHAPE or BAD_SCORE, not a stack overflow", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    for (const line of [
      `{"id":${deep},"labels":[]}`,
      `{"id":"d","labels":${deep}}`,
      `{"id":"d","paths":[${deep}]}`,
      `{"id":"d","scores":${deep}}`,
    ]) {
      const outcome = parseChecked(`${line}\n`, { role: "prediction" });
      expect("error" in outcome && outcome.error.code).toBe("BAD_SHAPE");
    }
    const score = parseChecked(`{"id":"d","scores":{"A":${deep}}}\n`, { role: "prediction" });
    expect("error" in score && score.error.code).toBe("BAD_SCORE");
  });

  it("a JSON path 100k deep down a chain is followed edge by edge", () => {
    const n = 100_000;
    const chain = parseTaxonomy(Array.from({ length: n }, (_, i) => `${i === 0 ? "" : `n${i - 1}`}\tn${i}`).join("\n"));
    const path = Array.from({ length: n }, (_, i) => `n${i}`);
    const file = parseLabelText(`${JSON.stringify({ id: "d1", paths: [path] })}\n`, { taxonomy: chain, role: "gold" });
    expect(file.entries.get("d1")!.paths![0]).toHaveLength(n + 1);
    path[n - 1] = "n0";
    const outcome = outcomeOf(() => parseLabelText(`${JSON.stringify({ id: "d1", paths: [path] })}\n`, { taxonomy: chain, role: "gold" }));
    expect("error" in outcome && outcome.error.code).toBe("PATH_NOT_EDGE");
    if ("error" in outcome) expectCleanInputError(outcome.error, 1);
  });
});
