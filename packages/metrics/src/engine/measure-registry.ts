import type { MeasureInfo } from "../scoring/measure-info.ts";
import { MEASURE_FAMILIES, NAMED_ONLY_FAMILIES } from "./measure-families.ts";

/**
 * The single registry of measures: direction, range, best value, inputs and
 * source. Each family declares its entries (`measures`, kept in its folder,
 * `measures/<family>/*-measures.ts`); they are assembled here in family order,
 * above the families, so `scoring/` never imports a family.
 */
export const MEASURE_REGISTRY: readonly MeasureInfo[] = [...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES].flatMap((family) => family.measures);

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
