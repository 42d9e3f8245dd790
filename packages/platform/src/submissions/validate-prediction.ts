import type { LabelFile, MissingDocumentPolicy, Taxonomy, UnknownLabelPolicy } from "@hierboard/metrics";
import { checkPredictionIds, parseLabelText } from "@hierboard/metrics";
import { withInputErrors } from "../errors/app-error.ts";
import { checkLineBudget, lineBudget } from "./check-line-budget.ts";

export interface PredictionRules {
  section: "a" | "b" | undefined;
  unknownLabels: UnknownLabelPolicy;
  missingDocuments: MissingDocumentPolicy;
  maxLabelsPerDocument: number;
}

/**
 * An upload's validation (run in an engine thread, never on the request thread): the line budget
 * on the raw bytes first (blank-line padding and lines beyond the gold's document count are cut
 * off before any decoding), then one decode and parse of the whole file with the engine, then the
 * ids against the gold. INVALID_FILE with file:line on any error.
 */
export function validatePrediction(
  setup: { taxonomy: Taxonomy; gold: LabelFile },
  rules: PredictionRules,
  content: Uint8Array,
  fileName: string,
): { documents: number; warnings: string[] } {
  checkLineBudget(content, fileName, lineBudget(setup.gold.documents, rules.section ? 2 : 1));
  const pred = withInputErrors(() =>
    parseLabelText(content, {
      taxonomy: setup.taxonomy,
      role: "prediction",
      fileName,
      subtask: rules.section,
      unknownLabels: rules.unknownLabels,
      maxLabelsPerDocument: rules.maxLabelsPerDocument,
    }),
  );
  const idWarnings = withInputErrors(() =>
    checkPredictionIds(setup.gold, pred, { missingDocuments: rules.missingDocuments, nameMissingIds: false }),
  );
  return { documents: pred.documents, warnings: [...pred.warnings, ...idWarnings] };
}
