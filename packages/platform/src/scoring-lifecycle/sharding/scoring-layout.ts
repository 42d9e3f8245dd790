import { recordedFamilies } from "../../statistics/recorded-families.ts";
import {
  MEASURE_FAMILIES,
  ScoreAccumulator,
  scoringContext,
  type LabelFile,
  type MeasureFamily,
  type ScoringContext,
  type Taxonomy,
} from "@hierboard/metrics";

/**
 * What every shard of every submission on one taxonomy shares, built once per taxonomy object:
 * the platform keeps parsed taxonomies in an LRU keyed by content hash, and the engine hangs its
 * precomputed structures (ancestors, depths, subtree sizes, distances, soft layouts) on the
 * taxonomy and on this context, so reusing both reuses them across jobs.
 */
export interface ScoringLayout {
  ctx: ScoringContext;
  families: readonly MeasureFamily[];
  width: number;
  /** Family index of every statistic (entry 0, the document count, belongs to none: −1). */
  familyOf: Int16Array;
}

const layouts = new WeakMap<Taxonomy, ScoringLayout>();

/** The layout `evaluate({ …, metrics: "all" })` uses, with default options. */
export function scoringLayout(taxonomy: Taxonomy): ScoringLayout {
  let layout = layouts.get(taxonomy);
  if (layout) return layout;
  const ctx = scoringContext(taxonomy, {});
  const families = [...MEASURE_FAMILIES];
  const accumulator = new ScoreAccumulator(ctx, families);
  const width = accumulator.sums.length;
  const familyOf = new Int16Array(width).fill(-1);
  families.forEach((family, f) => familyOf.fill(f, accumulator.offsets[f]!, accumulator.offsets[f]! + family.width(ctx)));
  layout = { ctx, families, width, familyOf };
  layouts.set(taxonomy, layout);
  return layout;
}

export function newAccumulator(layout: ScoringLayout): ScoreAccumulator {
  return new ScoreAccumulator(layout.ctx, layout.families);
}

const goldIndexes = new WeakMap<LabelFile, { ids: string[]; indexOf: Map<string, number> }>();

/** Gold document ids in gold order and each id's position, once per parsed gold file. */
export function goldIndex(gold: LabelFile): { ids: string[]; indexOf: Map<string, number> } {
  let index = goldIndexes.get(gold);
  if (!index) {
    const ids = [...gold.entries.keys()];
    index = { ids, indexOf: new Map(ids.map((id, i) => [id, i])) };
    goldIndexes.set(gold, index);
  }
  return index;
}

/**
 * Families every shard keeps per document whatever their values: all of them when the subtask
 * wants bootstrap intervals, else the families whose per-document statistics are stored for tie
 * tests and comparisons (`recordedFamilies`), so the merge can rebuild that recording.
 */
export function perDocumentFamilies(layout: ScoringLayout, subtask: { bootstrap: number; primaryMeasure: string }): number[] {
  const recorded = recordedFamilies(subtask.primaryMeasure);
  return layout.families.map((_, f) => f).filter((f) => subtask.bootstrap > 0 || recorded.includes(layout.families[f]!.id));
}
