import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { LabelFile } from "../labels/label-file.ts";
import { LabelFileParser, type LabelFileOptions } from "../labels/label-file-parser.ts";
import { parseTaxonomy, type ParseTaxonomyOptions } from "../taxonomy/parse-taxonomy.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { readLinesFromFile } from "./read-lines-from-file.ts";

/** Reads a taxonomy file (TSV or JSON, detected from the content). */
export async function readTaxonomyFile(path: string, options: ParseTaxonomyOptions = {}): Promise<Taxonomy> {
  return parseTaxonomy(await readFile(path), { fileName: basename(path), ...options });
}

/** Streams a gold or prediction file from disk, one line at a time. */
export async function readLabelFile(path: string, options: Omit<LabelFileOptions, "fileName"> & { fileName?: string }): Promise<LabelFile> {
  const fileName = options.fileName ?? basename(path);
  const parser = new LabelFileParser({ ...options, fileName });
  await readLinesFromFile(path, (line, n) => parser.push(line, n), fileName);
  return parser.finish();
}
