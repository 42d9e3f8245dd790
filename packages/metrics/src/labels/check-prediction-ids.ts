import { InputError, quote } from "../errors/input-error.ts";
import { ProblemCollector } from "../errors/problem-collector.ts";
import type { GoldDocumentIds, LabelFile, MissingDocumentPolicy } from "./label-file.ts";

/** How many missing gold ids a missing-documents message names (the first ones, in gold order). */
export const MISSING_IDS_NAMED = 10;

/**
 * Checks a prediction file's ids against the gold file: an id the gold file
 * lacks is an error; a gold document the predictions lack is an empty
 * prediction with a warning, or an error under the `error` policy. Every
 * problem is reported at once (see `ProblemCollector`).
 *
 * `nameMissingIds: false` leaves the missing gold ids out of the message (for readers who must
 * not learn the gold file's ids, e.g. teams on a platform); the default names the first
 * `MISSING_IDS_NAMED` in gold order.
 *
 * @returns the warnings to show.
 */
export function checkPredictionIds(
  gold: GoldDocumentIds,
  pred: LabelFile,
  options: { missingDocuments?: MissingDocumentPolicy; nameMissingIds?: boolean } = {},
): string[] {
  const problems = new ProblemCollector();
  let foreign = 0;
  for (const entry of pred.entries.values()) {
    if (gold.entries.has(entry.id)) continue;
    foreign += 1;
    problems.add(
      new InputError("ID_NOT_IN_GOLD", `expected a document id of the gold file, got ${JSON.stringify(entry.id)}`, {
        file: pred.fileName,
        line: entry.line,
      }),
    );
  }
  const has = (id: string) => pred.entries.has(id);
  const warnings = problems.attempt(() =>
    missingDocumentWarnings(gold, { fileName: pred.fileName, documents: pred.documents - foreign, has }, options),
  );
  problems.throwIfAny();
  return warnings ?? [];
}

/**
 * The missing-documents half of `checkPredictionIds`, for predictions known only by which gold
 * ids they hold (a file scored in shards): a warning naming how many gold documents have no
 * prediction, or the MISSING_DOCUMENTS error under the `error` policy.
 */
function missingDocumentWarnings(
  gold: GoldDocumentIds,
  pred: { readonly fileName: string | undefined; readonly documents: number; has(id: string): boolean },
  options: { missingDocuments?: MissingDocumentPolicy; nameMissingIds?: boolean } = {},
): string[] {
  const missing = gold.documents - pred.documents;
  if (missing === 0) return [];
  const examples: string[] = [];
  for (const id of options.nameMissingIds === false ? [] : gold.entries.keys()) {
    if (!pred.has(id)) examples.push(id);
    if (examples.length === MISSING_IDS_NAMED) break;
  }
  return missingDocumentsWarning(pred.fileName, { missing, of: gold.documents, examples }, options.missingDocuments);
}

/**
 * The warning (or, under the `error` policy, the MISSING_DOCUMENTS error) for `missing` of `of`
 * gold documents without a prediction, naming the `examples` ids given (the first
 * `MISSING_IDS_NAMED` missing in gold order, or none), in one sentence: for a caller that counts
 * missing documents itself (`ShardMerger`).
 */
export function missingDocumentsWarning(
  fileName: string | undefined,
  count: { readonly missing: number; readonly of: number; readonly examples: readonly string[] },
  policy: MissingDocumentPolicy = "empty",
): string[] {
  const { missing, of, examples } = count;
  if (missing === 0) return [];
  const named = examples.map((id) => quote(id)).join(", ");
  const which = examples.length === 0 ? "" : examples.length === missing ? ` (${named})` : ` (the first ${examples.length}: ${named})`;
  const what = `${missing} of ${of} gold documents${which}`;
  if (policy === "error") {
    throw new InputError("MISSING_DOCUMENTS", `expected a prediction for every gold document, got none for ${what}`, {
      file: fileName,
    });
  }
  return [`${fileName ?? "prediction"}: no prediction for ${what}; they count as empty predictions`];
}
