import { forEachLine } from "../text/read-lines.ts";
import type { LabelFile } from "./label-file.ts";
import { LabelFileParser, type LabelFileOptions } from "./label-file-parser.ts";

/**
 * Parses a whole gold or prediction file held in memory (an upload, a test
 * fixture). For files on disk, `readLabelFile` from `src/node/read-files.ts`
 * streams instead.
 *
 * @example
 * const gold = parseLabelText("d1\tA\n", { taxonomy, role: "gold" });
 * gold.documents; // 1
 */
export function parseLabelText(input: string | Uint8Array, options: LabelFileOptions): LabelFile {
  const parser = new LabelFileParser(options);
  forEachLine(input, (line, n) => parser.push(line, n), options.fileName);
  return parser.finish();
}
