import type { GoldDocumentIds, MissingDocumentPolicy, Taxonomy, UnknownLabelPolicy } from "@hierboard/metrics";
import { checkPredictionIds, keepGoldProteins, parseCafaScores, parseLabelText } from "@hierboard/metrics";
import { withInputErrors } from "../errors/app-error.ts";
import { checkLineBudget, lineBudget } from "./check-line-budget.ts";

export interface PredictionRules {
  section: "a" | "b" | undefined;
  unknownLabels: UnknownLabelPolicy;
  missingDocuments: MissingDocumentPolicy;
  maxLabelsPerDocument: number;
  /** A CAFA-style subtask: protein<TAB>term<TAB>score lines, read as CAFA-evaluator reads them. */
  cafa: boolean;
}

/**
 * An upload's validation (run in an engine thread, never on the request thread): the line budget
 * on the raw bytes first (blank-line padding and lines beyond the gold's document count are cut
 * off before any decoding), then one decode and parse of the whole file with the engine, then the
 * ids against the gold. INVALID_FILE with file:line on any error.
 */
export function validatePrediction(
  setup: { taxonomy: Taxonomy; gold: GoldDocumentIds },
  rules: PredictionRules,
  content: Uint8Array,
  fileName: string,
): { documents: number; warnings: string[] } {
  if (rules.cafa) return validateCafaScores(setup, rules, content, fileName);
  checkLineBudget(content, fileName, lineBudget(setup.gold.documents, rules.section ? 2 : 1));
  const pred = withInputErrors(() =>
    parseLabelText(content, {
      taxonomy: setup.taxonomy,
      role: "prediction",
      fileName,
      subtask: rules.section,
      unknownLabels: rules.unknownLabels,
      maxLabelsPerDocument: rules.maxLabelsPerDocument,
      keepLabels: false, // only the ids are checked below
    }),
  );
  const idWarnings = withInputErrors(() =>
    checkPredictionIds(setup.gold, pred, { missingDocuments: rules.missingDocuments, nameMissingIds: false }),
  );
  return { documents: pred.documents, warnings: [...pred.warnings, ...idWarnings] };
}

/**
 * A CAFA score file: one line per (protein, term), so the line budget is the gold's proteins times
 * the terms one protein may carry; scores in (0, 1], at most `maxLabelsPerDocument` terms per
 * protein. Unknown terms and proteins absent from the gold are ignored with a warning, and gold
 * proteins without a line score 0, as CAFA-evaluator does.
 */
function validateCafaScores(
  setup: { taxonomy: Taxonomy; gold: GoldDocumentIds },
  rules: PredictionRules,
  content: Uint8Array,
  fileName: string,
): { documents: number; warnings: string[] } {
  const budget = lineBudget(setup.gold.documents * rules.maxLabelsPerDocument, 1);
  checkLineBudget(content, fileName, budget);
  const read = withInputErrors(() =>
    parseCafaScores(content, { taxonomy: setup.taxonomy, fileName, maxTermsPerProtein: rules.maxLabelsPerDocument }),
  );
  const pred = keepGoldProteins(read, setup.gold);
  const missing = setup.gold.documents - pred.documents;
  const warnings = [...pred.warnings];
  if (missing > 0)
    warnings.push(`${fileName}: ${missing} gold protein(s) have no score; they count with every score 0, as CAFA-evaluator does`);
  return { documents: pred.documents, warnings };
}
