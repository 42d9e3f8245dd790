import { InputError } from "../errors/input-error.ts";
import type { DocumentLabels } from "./label-file.ts";

/**
 * Refuses a document with more distinct labels (or scored labels) than `limit`: the task's
 * labels-per-document limit, which bounds what one line can cost to score. TOO_MANY_LABELS with
 * the file and line, the limit and the count found.
 *
 * @example
 * checkLabelsPerDocument({ id: "d1", line: 3, labels: [1, 2, 3] }, 2, "run.tsv");
 * // throws "run.tsv:3: expected at most 2 labels per document (the task's limit), got 3 on document \"d1\""
 */
export function checkLabelsPerDocument(entry: DocumentLabels, limit: number, file: string | undefined): void {
  const count = Math.max(entry.labels.length, entry.paths?.length ?? 0, entry.scores?.size ?? 0);
  if (count <= limit) return;
  throw new InputError(
    "TOO_MANY_LABELS",
    `expected at most ${limit.toLocaleString("en")} labels per document (the task's limit), got ${count.toLocaleString("en")} on document ${JSON.stringify(entry.id)}`,
    { file, line: entry.line },
  );
}
