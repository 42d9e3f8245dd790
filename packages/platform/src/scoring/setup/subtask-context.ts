import { cafaFamily, MEASURE_FAMILIES, scoringContext, type ScoringContext, type Taxonomy } from "@hierboard/metrics";
import { cafaExtra } from "../engine/evaluation-input.ts";
import type { ScoringSetup } from "./load-scoring-setup.ts";

/** What a subtask's evaluation depends on beyond its taxonomy: a CAFA-style subtask's options and IA weights. */
export interface SubtaskSetting {
  readonly subtask: Pick<ScoringSetup["subtask"], "cafa">;
  readonly ia?: ScoringSetup["ia"];
}

export interface SubtaskContext {
  readonly ctx: ScoringContext;
  /** Every label-set family, and the cafa family for a CAFA-style subtask. */
  readonly families: readonly (typeof MEASURE_FAMILIES)[number][];
}

/** Per taxonomy: the context of plain subtasks ("") and of each CAFA setting. */
const contexts = new WeakMap<Taxonomy, Map<string, SubtaskContext>>();
/** A number per IA weights object: the platform keeps parsed IA files in an LRU by content hash. */
const iaIds = new WeakMap<ReadonlyMap<string, number>, number>();
let nextIaId = 1;

function settingKey(extra: ReturnType<typeof cafaExtra>): string {
  if (!extra) return "";
  const { ia, ...options } = extra.cafa as { ia?: ReadonlyMap<string, number> };
  if (ia && !iaIds.has(ia)) iaIds.set(ia, nextIaId++);
  return `${JSON.stringify(options)}|${ia ? iaIds.get(ia) : 0}`;
}

/**
 * The engine's scoring context and families of the evaluation whole-file scoring runs for a
 * subtask: every label-set family with default options (`metrics: "all"`), plus for a CAFA-style
 * subtask the cafa family under its options and IA weights (`cafaExtra`). One per taxonomy object
 * and setting: the engine hangs its precomputed structures (ancestors, depths, distances, soft and
 * CAFA layouts) on the taxonomy and the context, so reusing both reuses them across jobs. Shards,
 * their merge and stored statistics read a subtask's statistics through it.
 */
export function subtaskContext(taxonomy: Taxonomy, setting?: SubtaskSetting): SubtaskContext {
  let ofTaxonomy = contexts.get(taxonomy);
  if (!ofTaxonomy) contexts.set(taxonomy, (ofTaxonomy = new Map()));
  const extra = setting && cafaExtra(setting);
  const key = settingKey(extra);
  let found = ofTaxonomy.get(key);
  if (!found) {
    found = extra
      ? { ctx: scoringContext(taxonomy, { extra }), families: [...MEASURE_FAMILIES, cafaFamily] }
      : { ctx: scoringContext(taxonomy, {}), families: [...MEASURE_FAMILIES] };
    ofTaxonomy.set(key, found);
  }
  return found;
}
