import type { GoldSplit } from "../../gold-split/gold-part.ts";
import { recordedFamilies } from "../../statistics/recorded-families.ts";
import { cafaExtra } from "../../cafa/evaluation-input.ts";
import type { ScoringSetup } from "../../scoring/load-scoring-setup.ts";
import { cafaFamily, MEASURE_FAMILIES, ShardLayout, scoringContext, type Taxonomy } from "@hierboard/metrics";

/** Per taxonomy: the layout of plain subtasks ("") and of each CAFA setting (its options and IA weights). */
const layouts = new WeakMap<Taxonomy, Map<string, ShardLayout>>();
/** A number per IA weights object: the platform keeps parsed IA files in an LRU by content hash. */
const iaIds = new WeakMap<ReadonlyMap<string, number>, number>();
let nextIaId = 1;

function settingKey(setup: Pick<ScoringSetup, "subtask" | "ia">): string {
  const extra = cafaExtra(setup);
  if (!extra) return "";
  const { ia, ...options } = extra.cafa as { ia?: ReadonlyMap<string, number> };
  if (ia && !iaIds.has(ia)) iaIds.set(ia, nextIaId++);
  return `${JSON.stringify(options)}|${ia ? iaIds.get(ia) : 0}`;
}

/**
 * The engine's shard layout of the evaluation whole-file scoring runs for a subtask: every
 * label-set family with default options (`evaluate({ …, metrics: "all" })`), plus for a
 * CAFA-style subtask the cafa family under its options and IA weights (`cafaExtra`). Built once
 * per taxonomy object and setting: the platform keeps parsed taxonomies in an LRU keyed by
 * content hash, and the engine hangs its precomputed structures (ancestors, depths, subtree
 * sizes, distances, soft and CAFA layouts) on the taxonomy and on the layout's context, so
 * reusing both reuses them across jobs.
 */
export function scoringLayout(setup: Pick<ScoringSetup, "taxonomy" | "subtask" | "ia">): ShardLayout {
  let ofTaxonomy = layouts.get(setup.taxonomy);
  if (!ofTaxonomy) layouts.set(setup.taxonomy, (ofTaxonomy = new Map()));
  const key = settingKey(setup);
  let layout = ofTaxonomy.get(key);
  if (!layout) {
    const extra = cafaExtra(setup);
    layout = extra
      ? new ShardLayout(scoringContext(setup.taxonomy, { extra }), [...MEASURE_FAMILIES, cafaFamily])
      : new ShardLayout(scoringContext(setup.taxonomy, {}), [...MEASURE_FAMILIES]);
    ofTaxonomy.set(key, layout);
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
