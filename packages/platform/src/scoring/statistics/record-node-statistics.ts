import { ENGINE_VERSION, nodeStatistics, type LabelFile, type NodeStatistics } from "@hierboard/metrics";
import { AppError, withInputErrors } from "../../errors/app-error.ts";
import { evaluationInput } from "../engine/evaluation-input.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { encodeNodeStatistics } from "../../node-statistics/node-statistics-codec.ts";
import { WHOLE_GOLD } from "../../gold-split/gold-part.ts";

/** What a score set stores for the explorer, per part of the gold. */
export interface RecordedNodeStatistics {
  part: string;
  engineVersion: string;
  nodes: number;
  data: Uint8Array<ArrayBuffer>;
}

/** The micro counts of the evaluation the per-node statistics must add up to. */
interface Totals {
  flat?: { micro?: { tp: number; fp: number; fn: number } };
  hierarchical?: { tp: number; predicted: number; gold: number };
}

/**
 * The per-node statistics of a parsed prediction over the whole gold (or the `part` of a split the
 * setup's gold and the prediction were cut to), encoded for storage (the
 * worker, at scoring time), after checking that they add up to the evaluation's flat and
 * hierarchical micro counts (`breakdown`, the stored evaluation).
 */
export function recordNodeStatistics(setup: ScoringSetup, pred: LabelFile, breakdown: object, part = WHOLE_GOLD): RecordedNodeStatistics {
  const input = evaluationInput(setup, pred);
  const stats = withInputErrors(() =>
    nodeStatistics({ taxonomy: input.taxonomy, gold: input.gold, pred: input.pred, missingDocuments: input.missingDocuments }),
  );
  return recordedNodeStatistics(stats, breakdown, part);
}

/** Statistics counted elsewhere (added up from shards), checked against the evaluation's micro counts and encoded the same way. */
export function recordedNodeStatistics(stats: NodeStatistics, breakdown: object, part = WHOLE_GOLD): RecordedNodeStatistics {
  checkTotals(stats, breakdown as Totals);
  return { part, engineVersion: ENGINE_VERSION, ...encodeNodeStatistics(stats) };
}

function checkTotals(stats: NodeStatistics, totals: Totals): void {
  const sum = (a: Uint32Array) => a.reduce((t, v) => t + v, 0);
  const { written, ancestors } = stats;
  const flat = totals.flat?.micro;
  const hier = totals.hierarchical;
  const found = { tp: sum(written.tp), fp: sum(written.predicted) - sum(written.tp), fn: sum(written.support) - sum(written.tp) };
  if (flat && (found.tp !== flat.tp || found.fp !== flat.fp || found.fn !== flat.fn))
    throw new AppError(
      "INTERNAL",
      `per-node statistics: expected the flat micro counts ${JSON.stringify(flat)}, got ${JSON.stringify(found)}`,
    );
  const closure = { tp: sum(ancestors.tp), predicted: sum(ancestors.predicted), gold: sum(ancestors.support) };
  if (hier && (closure.tp !== hier.tp || closure.predicted !== hier.predicted || closure.gold !== hier.gold))
    throw new AppError(
      "INTERNAL",
      `per-node statistics: expected the hierarchical micro counts ${JSON.stringify({ tp: hier.tp, predicted: hier.predicted, gold: hier.gold })}, got ${JSON.stringify(closure)}`,
    );
}
