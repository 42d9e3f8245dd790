import type { LabelFile } from "@hierboard/metrics";
import { documentPart } from "./document-part.ts";
import type { GoldSplit, SplitPart } from "./gold-part.ts";

/** The documents of a parsed gold or prediction file that fall in `part` of the split, in file order. */
export function labelFileOfPart(file: LabelFile, split: GoldSplit, part: SplitPart): LabelFile {
  const entries = new Map([...file.entries].filter(([id]) => documentPart(split, id) === part));
  return { ...file, entries, documents: entries.size };
}
