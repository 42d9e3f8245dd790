import type { GoldSplit } from "../../gold-split/gold-part.ts";
import { recordedFamilies } from "../../statistics/recorded-families.ts";
import { MEASURE_FAMILIES, ShardLayout, scoringContext, type Taxonomy } from "@hierboard/metrics";

const layouts = new WeakMap<Taxonomy, ShardLayout>();

/**
 * The engine's shard layout `evaluate({ …, metrics: "all" })` uses, with default options, built
 * once per taxonomy object: the platform keeps parsed taxonomies in an LRU keyed by content hash,
 * and the engine hangs its precomputed structures (ancestors, depths, subtree sizes, distances,
 * soft layouts) on the taxonomy and on the layout's context, so reusing both reuses them across jobs.
 */
export function scoringLayout(taxonomy: Taxonomy): ShardLayout {
  let layout = layouts.get(taxonomy);
  if (!layout) {
    layout = new ShardLayout(scoringContext(taxonomy, {}), [...MEASURE_FAMILIES]);
    layouts.set(taxonomy, layout);
  }
  return layout;
}

/**
 * Families every shard keeps per document even where their statistics are integers: all of them
 * when the subtask wants bootstrap intervals or the phase splits its gold (each part is reduced
 * from its own documents' statistics, see gold-split/), else the families whose per-document statistics are
 * stored for tie tests and comparisons (`recordedFamilies`), so the merge can rebuild that recording.
 */
export function perDocumentFamilies(
  layout: ShardLayout,
  subtask: { bootstrap: number; primaryMeasure: string },
  split: GoldSplit | null | undefined,
): string[] {
  const recorded = recordedFamilies(subtask.primaryMeasure);
  return layout.families.map((f) => f.id).filter((id) => subtask.bootstrap > 0 || split || recorded.includes(id));
}
