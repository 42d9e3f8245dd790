import { InputError } from "../errors/input-error.ts";
import { flatFamily } from "../measures/flat/flat-family.ts";
import { hcFamily } from "../measures/hc/hc-family.ts";
import { hierarchicalFamily } from "../measures/set-based/hierarchical-family.ts";
import { copheFamily } from "../measures/cophe/cophe-family.ts";
import { distanceFamily } from "../measures/distance/distance-family.ts";
import { hLossFamily } from "../measures/h-loss/h-loss-family.ts";
import { perLevelFamily } from "../measures/per-level/per-level-family.ts";
import { perSubtreeFamily } from "../measures/per-level/per-subtree-family.ts";
import { lcaFamily } from "../measures/lca/lca-family.ts";
import { mgiaFamily } from "../measures/mgia/mgia-family.ts";
import { softFamily } from "../measures/soft/soft-family.ts";
import { cafaFamily } from "../measures/cafa/cafa-family.ts";
import type { MeasureFamily } from "../scoring/measure-family.ts";

/**
 * The measure families of label-set predictions, by id: `--metrics all` and the platform's scoring
 * compute these. The first three are always computed.
 */
export const MEASURE_FAMILIES: readonly MeasureFamily[] = [
  flatFamily,
  hcFamily,
  hierarchicalFamily,
  copheFamily,
  hLossFamily,
  distanceFamily,
  perLevelFamily,
  perSubtreeFamily,
  lcaFamily,
  mgiaFamily,
  softFamily,
];

/**
 * Families computed only when named: CAFA's reads score files as CAFA-evaluator does (unknown
 * terms and proteins dropped), which "all" must not impose on every evaluation.
 */
export const NAMED_ONLY_FAMILIES: readonly MeasureFamily[] = [cafaFamily];

export const CORE_FAMILY_IDS = ["flat", "hc", "hierarchical"] as const;

/** Resolves `--metrics` to families: the core ones plus those named ("all" for every label-set family). */
export function selectFamilies(metrics: readonly string[] | "all" | undefined): MeasureFamily[] {
  if (metrics === "all") return [...MEASURE_FAMILIES];
  const known = [...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES];
  const wanted = new Set<string>(CORE_FAMILY_IDS);
  for (const name of metrics ?? []) {
    if (!known.some((f) => f.id === name)) {
      throw new InputError(
        "BAD_OPTION",
        `expected a metric family among ${known.map((f) => f.id).join(", ")} or "all", got ${JSON.stringify(name)}`,
      );
    }
    wanted.add(name);
  }
  return known.filter((f) => wanted.has(f.id));
}
