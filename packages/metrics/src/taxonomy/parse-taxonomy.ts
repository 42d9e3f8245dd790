import { InputError, quoteJson } from "../errors/input-error.ts";
import { ProblemCollector } from "../errors/problem-collector.ts";
import { forEachLine } from "../text/read-lines.ts";
import type { Taxonomy } from "./taxonomy.ts";
import { TaxonomyBuilder } from "./taxonomy-builder.ts";

export interface ParseTaxonomyOptions {
  /** Shown in error messages. */
  readonly fileName?: string;
  /** Defaults to detection from the content: JSON when it starts with `{`. */
  readonly format?: "tsv" | "json";
}

/**
 * Parses a taxonomy in TSV (`parent<TAB>child`, `<TAB>child` under the root)
 * or JSON (`{"edges": [[parent, child], …]}`, `null` for the root) form.
 * CRLF is accepted and blank lines are ignored.
 *
 * @example
 * const t = parseTaxonomy("A\tB\nA\tC\n");
 * t.size; // 3
 */
export function parseTaxonomy(input: string | Uint8Array, options: ParseTaxonomyOptions = {}): Taxonomy {
  const file = options.fileName;
  const format = options.format ?? detectTaxonomyFormat(input);
  const builder = new TaxonomyBuilder();
  if (format === "json") addJsonEdges(input, file, builder);
  else addTsvEdges(input, file, builder);
  return builder.build(file);
}

function detectTaxonomyFormat(input: string | Uint8Array): "tsv" | "json" {
  for (let i = 0; i < input.length; i++) {
    const c = typeof input === "string" ? input.charCodeAt(i) : input[i]!;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff || c === 0xef || c === 0xbb || c === 0xbf) continue;
    return c === 0x7b ? "json" : "tsv";
  }
  return "tsv";
}

/**
 * Feeds each line's edge to the builder as it is read. Every malformed line is reported at once
 * (up to MAX_PROBLEMS), not one per upload, and before what the builder refuses (a self-loop, an
 * empty file); once a line is malformed, edges are no longer built.
 */
function addTsvEdges(input: string | Uint8Array, file: string | undefined, builder: TaxonomyBuilder): void {
  const problems = new ProblemCollector();
  forEachLine(
    input,
    (line, lineNumber) => {
      if (line.trim() === "") return;
      // Exactly one tab: found by index rather than by splitting, which made an array and two strings a line.
      const tab = line.indexOf("\t");
      if (tab === -1 || line.indexOf("\t", tab + 1) !== -1) {
        const got = line.split("\t").length;
        problems.add(
          new InputError("COLUMN_COUNT", `expected 2 tab-separated columns (parent, child), got ${got}`, { file, line: lineNumber }),
        );
        return;
      }
      if (tab === line.length - 1) {
        problems.add(new InputError("EMPTY_FIELD", "expected a child name in column 2, got an empty field", { file, line: lineNumber }));
        return;
      }
      if (problems.count === 0) builder.add(tab === 0 ? null : line.slice(0, tab), line.slice(tab + 1), lineNumber);
    },
    file,
  );
  problems.throwIfAny();
}

function addJsonEdges(input: string | Uint8Array, file: string | undefined, builder: TaxonomyBuilder): void {
  let text: string;
  try {
    text = typeof input === "string" ? input.replace(/^\uFEFF/, "") : new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    throw new InputError("NOT_UTF8", "expected UTF-8 text, got bytes that are not valid UTF-8", { file });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InputError("BAD_JSON", `expected a JSON object, got malformed JSON (${(error as Error).message})`, { file });
  }
  const list = (parsed as { edges?: unknown } | null)?.edges;
  if (!Array.isArray(list)) throw new InputError("BAD_SHAPE", 'expected {"edges": [[parent, child], …]}, got no "edges" array', { file });
  list.forEach((edge, index) => {
    const ok =
      Array.isArray(edge) &&
      edge.length === 2 &&
      (edge[0] === null || typeof edge[0] === "string") &&
      typeof edge[1] === "string" &&
      edge[1] !== "";
    if (!ok) throw new InputError("BAD_SHAPE", `expected edges[${index}] to be [parent or null, child], got ${quoteJson(edge)}`, { file });
    const [parent, child] = edge as [string | null, string];
    builder.add(parent === "" ? null : parent, child, index + 1);
  });
}
