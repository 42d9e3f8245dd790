import { CORE_MEASURES } from "./core-measures.ts";
import type { MeasureInfo } from "./measure-info.ts";

/**
 * The single registry of measures: direction, range, best value, inputs and
 * source. Each family's file contributes its entries here.
 */
export const MEASURE_REGISTRY: readonly MeasureInfo[] = [...CORE_MEASURES];

const byKey = new Map(MEASURE_REGISTRY.map((m) => [m.key, m]));

export function measureInfo(key: string): MeasureInfo | undefined {
  return byKey.get(key);
}

/** True when `a` is a better value than `b` under the measure's direction. */
export function isBetter(info: MeasureInfo, a: number, b: number): boolean {
  return info.direction === "higher" ? a > b : a < b;
}
