import type { ParseTally } from "../../labels/label-file-parser.ts";

/** The warning of a score file whose scores name terms the taxonomy lacks (they are left out). */
export function unknownScoresWarning(fileName: string | undefined, unknown: number): string {
  return `${fileName ?? "predictions"}: left out ${unknown} score(s) of term(s) the taxonomy lacks, as CAFA-evaluator does`;
}

/** The warning of a score file with proteins the gold lacks (they are ignored). */
export function ignoredProteinsWarning(fileName: string | undefined, ignored: number): string {
  return `${fileName ?? "predictions"}: ignored ${ignored} protein(s) absent from the gold file, as CAFA-evaluator does`;
}

/**
 * A score file's warnings from the tally of its shards (`droppedUnknown`: scores of unknown terms,
 * `ignoredDocuments`: proteins the gold lacks), in the order the whole file gives them.
 *
 * @example
 * cafaTallyWarnings("pred.tsv", { …tally, droppedUnknown: 2, ignoredDocuments: 0 });
 * // ["pred.tsv: left out 2 score(s) of term(s) the taxonomy lacks, as CAFA-evaluator does"]
 */
export function cafaTallyWarnings(fileName: string | undefined, tally: ParseTally): string[] {
  const warnings: string[] = [];
  if (tally.droppedUnknown > 0) warnings.push(unknownScoresWarning(fileName, tally.droppedUnknown));
  if ((tally.ignoredDocuments ?? 0) > 0) warnings.push(ignoredProteinsWarning(fileName, tally.ignoredDocuments!));
  return warnings;
}
