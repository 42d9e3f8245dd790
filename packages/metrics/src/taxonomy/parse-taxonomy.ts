import { InputError, quoteJson } from "../errors/input-error.ts";
import { ProblemCollector } from "../errors/problem-collector.ts";
import { forEachLine } from "../text/read-lines.ts";
import { buildTaxonomy, type RawEdge } from "./build-taxonomy.ts";
import type { Taxonomy } from "./taxonomy.ts";

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
  const edges = format === "json" ? jsonEdges(input, file) : tsvEdges(input, file);
  return buildTaxonomy(edges, file);
}

function detectTaxonomyFormat(input: string | Uint8Array): "tsv" | "json" {
  for (let i = 0; i < input.length; i++) {
    const c = typeof input === "string" ? input.charCodeAt(i) : input[i]!;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff || c === 0xef || c === 0xbb || c === 0xbf) continue;
    return c === 0x7b ? "json" : "tsv";
  }
  return "tsv";
}

function tsvEdges(input: string | Uint8Array, file: string | undefined): RawEdge[] {
  const edges: RawEdge[] = [];
  // Every malformed line at once (up to MAX_PROBLEMS), not one per upload.
  const problems = new ProblemCollector();
  forEachLine(
    input,
    (line, lineNumber) =>
      problems.attempt(() => {
        if (line.trim() === "") return;
        const fields = line.split("\t");
        if (fields.length !== 2) {
          throw new InputError("COLUMN_COUNT", `expected 2 tab-separated columns (parent, child), got ${fields.length}`, {
            file,
            line: lineNumber,
          });
        }
        const [parent, child] = fields as [string, string];
        if (child === "")
          throw new InputError("EMPTY_FIELD", "expected a child name in column 2, got an empty field", { file, line: lineNumber });
        edges.push({ parent: parent === "" ? null : parent, child, line: lineNumber });
      }),
    file,
  );
  problems.throwIfAny();
  return edges;
}

function jsonEdges(input: string | Uint8Array, file: string | undefined): RawEdge[] {
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
  return list.map((edge, index) => {
    const ok =
      Array.isArray(edge) &&
      edge.length === 2 &&
      (edge[0] === null || typeof edge[0] === "string") &&
      typeof edge[1] === "string" &&
      edge[1] !== "";
    if (!ok) throw new InputError("BAD_SHAPE", `expected edges[${index}] to be [parent or null, child], got ${quoteJson(edge)}`, { file });
    const [parent, child] = edge as [string | null, string];
    return { parent: parent === "" ? null : parent, child, line: index + 1 };
  });
}
