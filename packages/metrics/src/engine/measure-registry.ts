import { FLAT_MEASURES } from "../measures/flat/flat-measures.ts";
import { HC_MEASURES } from "../measures/hc/hc-measures.ts";
import { HIERARCHICAL_MEASURES } from "../measures/set-based/hierarchical-measures.ts";
import { COPHE_MEASURES } from "../measures/cophe/cophe-measures.ts";
import { DISTANCE_MEASURES } from "../measures/distance/distance-measures.ts";
import { H_LOSS_MEASURES } from "../measures/h-loss/h-loss-measures.ts";
import { LCA_MEASURES } from "../measures/lca/lca-measures.ts";
import { MGIA_MEASURES } from "../measures/mgia/mgia-measures.ts";
import { CAFA_MEASURES } from "../measures/cafa/cafa-measures.ts";
import { SOFT_MEASURES } from "../measures/soft/soft-measures.ts";
import type { MeasureInfo } from "../scoring/measure-info.ts";

/**
 * The single registry of measures: direction, range, best value, inputs and
 * source. Each family keeps its entries beside it (`measures/<family>/*-measures.ts`);
 * they are assembled here, above the families, so `scoring/` never imports a family.
 */
export const MEASURE_REGISTRY: readonly MeasureInfo[] = [
  ...FLAT_MEASURES,
  ...HC_MEASURES,
  ...HIERARCHICAL_MEASURES,
  ...COPHE_MEASURES,
  ...H_LOSS_MEASURES,
  ...DISTANCE_MEASURES,
  ...LCA_MEASURES,
  ...MGIA_MEASURES,
  ...SOFT_MEASURES,
  ...CAFA_MEASURES,
];

const byKey = new Map(MEASURE_REGISTRY.map((m) => [m.key, m]));

const CAFA_KEY = /^cafa\.namespaces\.(.+)\.([A-Za-z]+)$/;

/**
 * A measure's registry entry. The cafa family reports per namespace, so
 * `cafa.namespaces.<root>.<measure>` is `cafa.<measure>` of that namespace, labelled
 * "<label>, <root>" (e.g. "wFmax, BPO").
 */
export function measureInfo(key: string): MeasureInfo | undefined {
  const found = byKey.get(key);
  if (found) return found;
  const cafa = CAFA_KEY.exec(key);
  const info = cafa ? byKey.get(`cafa.${cafa[2]}`) : undefined;
  return info && cafa ? { ...info, key, label: `${info.label}, ${cafa[1]}` } : undefined;
}
