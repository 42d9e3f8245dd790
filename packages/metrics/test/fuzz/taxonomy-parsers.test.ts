import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTaxonomy } from "../../src/taxonomy/parse-taxonomy.ts";
import { ROOT, type Taxonomy } from "../../src/taxonomy/taxonomy.ts";
import {
  FUZZ,
  expectCleanInputError,
  expectSameOutcome,
  isWellFormed,
  lineCount,
  outcomeOf,
  randomBytes,
  textFrom,
  utf8,
  type Outcome,
} from "./fuzz-support.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
const NAMES = ["A", "B", "C", "X", "Y", "é", "𝔸"];

/** What a taxonomy says, as plain data (the class carries private caches). */
const summary = (t: Taxonomy) => ({
  edges: t.edges(),
  warnings: t.warnings,
  depth: Array.from(t.depth),
  ancestors: t.ancestors.map((a) => Array.from(a)),
});
const summarised = (o: Outcome<Taxonomy>) => ("ok" in o ? { ok: summary(o.ok) } : o);

/** What holds of every taxonomy the parser accepts. */
function expectWellFormed(t: Taxonomy): void {
  expect(t.names[ROOT]).toBe("");
  expect(t.ids.size).toBe(t.size);
  for (let node = 1; node < t.nodeCount; node++) {
    expect(t.depth[node]).toBeGreaterThanOrEqual(1);
    const ancestors = new Set(t.ancestors[node]);
    expect(ancestors.has(node)).toBe(false);
    for (const parent of t.parents[node]!) {
      expect(t.depth[node]).toBeLessThanOrEqual(t.depth[parent]! + 1);
      if (parent !== ROOT) expect(ancestors.has(parent)).toBe(true);
    }
  }
}

/** Parses `input` and checks the outcome: a well-formed taxonomy or a clean InputError. */
function parseChecked(input: string | Uint8Array, format?: "tsv" | "json"): Outcome<Taxonomy> {
  const outcome = outcomeOf(() => parseTaxonomy(input, { fileName: "taxonomy.txt", format }));
  if ("ok" in outcome) expectWellFormed(outcome.ok);
  else expectCleanInputError(outcome.error, isJson(input, format) ? input.length : lineCount(input));
  return outcome;
}

/** A JSON taxonomy numbers its errors by edge (`edges[i]` is "line" i + 1), not by text line. */
function isJson(input: string | Uint8Array, format: "tsv" | "json" | undefined): boolean {
  if (format !== undefined) return format === "json";
  const text = typeof input === "string" ? input : new TextDecoder().decode(input);
  return /^[\s\uFEFF]*\{/.test(text);
}

/** Whether the named edges (self-loops aside) contain a cycle: Kahn's algorithm, independent of the engine. */
function hasCycle(edges: readonly (readonly [string | null, string])[]): boolean {
  const indegree = new Map<string, number>();
  const out = new Map<string, Set<string>>();
  for (const [parent, child] of edges) {
    indegree.set(child, indegree.get(child) ?? 0);
    if (parent === null) continue;
    indegree.set(parent, indegree.get(parent) ?? 0);
    const kids = out.get(parent) ?? new Set();
    if (!kids.has(child)) indegree.set(child, indegree.get(child)! + 1);
    kids.add(child);
    out.set(parent, kids);
  }
  const ready = [...indegree].filter(([, d]) => d === 0).map(([n]) => n);
  let done = 0;
  while (ready.length > 0) {
    const node = ready.pop()!;
    done += 1;
    for (const child of out.get(node) ?? []) {
      indegree.set(child, indegree.get(child)! - 1);
      if (indegree.get(child) === 0) ready.push(child);
    }
  }
  return done < indegree.size;
}

const edgeList = fc.array(fc.tuple(fc.option(fc.constantFrom(...NAMES), { freq: 5 }), fc.constantFrom(...NAMES)), {
  minLength: 1,
  maxLength: 14,
});

describe("fuzz: taxonomy parsers (TSV and JSON)", () => {
  it("random bytes: a taxonomy or a clean InputError, in either format", () => {
    fc.assert(
      fc.property(randomBytes, fc.constantFrom(undefined, "tsv" as const, "json" as const), (bytes, format) => {
        parseChecked(bytes, format);
      }),
      FUZZ,
    );
  });

  it("random text of labels, tabs, CR/LF, BOMs, NULs and JSON punctuation: TSV and JSON", () => {
    fc.assert(
      fc.property(textFrom(NAMES), fc.constantFrom(undefined, "tsv" as const, "json" as const), (text, format) => {
        parseChecked(text, format);
      }),
      FUZZ,
    );
  });

  it("a string and its UTF-8 bytes give the same outcome", () => {
    fc.assert(
      fc.property(textFrom(NAMES), fc.constantFrom(undefined, "tsv" as const, "json" as const), (text, format) => {
        if (!isWellFormed(text)) return; // lone surrogates have no UTF-8 form
        expectSameOutcome(summarised(parseChecked(text, format)), summarised(parseChecked(utf8(text), format)));
      }),
      FUZZ,
    );
  });

  it("random edge lists, often cyclic: accepted exactly when acyclic, each edge kept, in TSV and in JSON", () => {
    fc.assert(
      fc.property(edgeList, fc.boolean(), fc.boolean(), (edges, crlf, bom) => {
        const eol = crlf ? "\r\n" : "\n";
        const tsv = (bom ? "\uFEFF" : "") + edges.map(([p, c]) => `${p ?? ""}\t${c}`).join(eol) + eol;
        const json = (bom ? "\uFEFF" : "") + JSON.stringify({ edges });
        for (const input of [tsv, utf8(tsv), json, utf8(json)]) {
          const outcome = parseChecked(input);
          const selfLoop = edges.findIndex(([p, c]) => p === c);
          const cyclic = hasCycle(edges.filter(([p, c]) => p !== c));
          if ("ok" in outcome) {
            expect(selfLoop === -1 && !cyclic).toBe(true);
            for (const [p, c] of edges) expect(outcome.ok.isChildOf(outcome.ok.id(c)!, p === null ? ROOT : outcome.ok.id(p)!)).toBe(true);
          } else if (selfLoop !== -1 && outcome.error.code === "SELF_LOOP") {
            expect(outcome.error.line).toBe(selfLoop + 1);
          } else {
            expect(outcome.error.code).toBe("CYCLE");
            expect(cyclic).toBe(true);
          }
        }
      }),
      FUZZ,
    );
  });

  it("truncated files (cut at any byte, even inside a character): a taxonomy or a clean InputError", () => {
    const tsv = utf8(`${fixture("figure4.tsv")}é\t𝔸\r\n`);
    const json = utf8(JSON.stringify({ edges: parseTaxonomy(tsv).edges() }));
    fc.assert(
      fc.property(fc.constantFrom(tsv, json), fc.double({ min: 0, max: 1, noNaN: true }), (bytes, at) => {
        const cut = bytes.subarray(0, Math.floor(at * bytes.length));
        const outcome = parseChecked(cut);
        if (cut.length > 0 && cut.at(-1) === 0x0a) expect("ok" in outcome).toBe(true); // cut at a line end
      }),
      FUZZ,
    );
  });

  it("a 5 MB line: one huge label is read; a huge line with three columns is refused with its line", () => {
    const huge = "L".repeat(5 * 1024 * 1024);
    const t = parseTaxonomy(`A\t${huge}\n`);
    expect(t.names[t.id(huge)!]).toHaveLength(huge.length);
    const outcome = parseChecked(utf8(`A\tB\n${huge}\t${huge}\t${huge}\n`));
    expect("error" in outcome && outcome.error.code).toBe("COLUMN_COUNT");
    expect("error" in outcome && outcome.error.line).toBe(2);
    const json = parseChecked(JSON.stringify({ edges: [[null, huge], [huge, "x"], [huge]] }));
    expect("error" in json && json.error.code).toBe("BAD_SHAPE");
  });

  it("JSON nested 200k deep is refused as BAD_SHAPE (showing it would overflow JSON.stringify)", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    for (const input of [`{"edges": [${deep}]}`, `{"edges": [[null, ${deep}]]}`, `{"edges": ${deep}}`]) {
      const outcome = parseChecked(input);
      expect("error" in outcome && outcome.error.code).toBe("BAD_SHAPE");
    }
  });

  it("a 100k-long cycle, reachable from the root or not, is refused as CYCLE with a short message", () => {
    const n = 100_000;
    const ring = Array.from({ length: n }, (_, i) => `n${i}\tn${(i + 1) % n}`);
    for (const lines of [
      ["\tn0", ...ring],
      ["A\tB", ...ring],
      [...ring, "A\tB"],
    ]) {
      const outcome = parseChecked(lines.join("\n"));
      expect("error" in outcome && outcome.error.code).toBe("CYCLE");
      if ("error" in outcome) expect(outcome.error.message).toMatch(/"n\d+" → .*more.* → "n\d+"$/);
    }
  });
});
