import type { LabelFile } from "../../labels/label-file.ts";
import { ignoredProteinsWarning } from "./cafa-warnings.ts";

/**
 * The predictions of the proteins the gold file has, as CAFA-evaluator reads a prediction file:
 * the others are ignored, and counted in a warning instead of refused. `gold` may hold only the
 * gold entries of the prediction's own proteins (a shard's gold).
 */
export function keepGoldProteins(pred: LabelFile, gold: { readonly entries: ReadonlyMap<string, unknown> }): LabelFile {
  const entries = new Map([...pred.entries].filter(([id]) => gold.entries.has(id)));
  const ignored = pred.entries.size - entries.size;
  if (ignored === 0) return pred;
  const warning = ignoredProteinsWarning(pred.fileName, ignored);
  return { ...pred, entries, documents: entries.size, warnings: [...pred.warnings, warning] };
}
