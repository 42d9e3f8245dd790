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

/** Every measure family the engine knows, by id. The first three are always computed. */
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
  cafaFamily,
];

export const CORE_FAMILY_IDS = ["flat", "hc", "hierarchical"] as const;

/** Resolves `--metrics` to families: the core ones plus those named ("all" for every one). */
export function selectFamilies(metrics: readonly string[] | "all" | undefined): MeasureFamily[] {
  if (metrics === "all") return [...MEASURE_FAMILIES];
  const wanted = new Set<string>(CORE_FAMILY_IDS);
  for (const name of metrics ?? []) {
    if (!MEASURE_FAMILIES.some((f) => f.id === name)) {
      throw new InputError(
        "BAD_OPTION",
        `expected a metric family among ${MEASURE_FAMILIES.map((f) => f.id).join(", ")} or "all", got ${JSON.stringify(name)}`,
      );
    }
    wanted.add(name);
  }
  return MEASURE_FAMILIES.filter((f) => wanted.has(f.id));
}
