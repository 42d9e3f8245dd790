import type { LabelFile } from "../../labels/label-file.ts";

/**
 * The predictions of the proteins the gold file has, as CAFA-evaluator reads a prediction file:
 * the others are ignored, and counted in a warning instead of refused.
 */
export function keepGoldProteins(pred: LabelFile, gold: LabelFile): LabelFile {
  const entries = new Map([...pred.entries].filter(([id]) => gold.entries.has(id)));
  const ignored = pred.entries.size - entries.size;
  if (ignored === 0) return pred;
  const warning = `${pred.fileName ?? "predictions"}: ignored ${ignored} protein(s) absent from the gold file, as CAFA-evaluator does`;
  return { ...pred, entries, documents: entries.size, warnings: [...pred.warnings, warning] };
}
