import { InputError } from "../errors/input-error.ts";
import type { LabelFile } from "./label-file.ts";

/**
 * How many gold documents have no label; refuses the gold (UNLABELLED_GOLD) when more than half
 * have none: such a file is almost always misread (e.g. a delimiter the parser does not split
 * on), and scoring against it would be meaningless.
 *
 * @example
 * checkGoldLabelled(parseLabelText("d1\tA\nd2\n", { taxonomy, role: "gold" })); // 1
 */
export function checkGoldLabelled(gold: LabelFile): number {
  let unlabelled = 0;
  let first: number | undefined;
  for (const entry of gold.entries.values()) {
    if (entry.labels.length > 0) continue;
    unlabelled += 1;
    first ??= entry.line;
  }
  if (unlabelled * 2 > gold.documents) {
    throw new InputError(
      "UNLABELLED_GOLD",
      `expected most gold documents to have a label, got ${unlabelled} of ${gold.documents} without any (the first on line ${first})`,
      { file: gold.fileName },
    );
  }
  return unlabelled;
}
