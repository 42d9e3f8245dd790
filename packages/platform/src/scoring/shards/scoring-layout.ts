import type { GoldSplit } from "../../gold-split/gold-part.ts";
import { recordedFamilies } from "../statistics/recorded-families.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import { subtaskContext } from "../setup/subtask-context.ts";
import { ShardLayout, type ScoringContext } from "@hierboard/metrics";

const layouts = new WeakMap<ScoringContext, ShardLayout>();

/**
 * The engine's shard layout of the evaluation whole-file scoring runs for a subtask (its
 * `subtaskContext`: every label-set family, and the cafa family under a CAFA-style subtask's
 * options and IA weights), built once per context, so its accumulators are reused across jobs.
 */
export function scoringLayout(setup: Pick<ScoringSetup, "taxonomy" | "subtask" | "ia">): ShardLayout {
  const { ctx, families } = subtaskContext(setup.taxonomy, setup);
  let layout = layouts.get(ctx);
  if (!layout) layouts.set(ctx, (layout = new ShardLayout(ctx, families)));
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
