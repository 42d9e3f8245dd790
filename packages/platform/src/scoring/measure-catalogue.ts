import { MEASURE_FAMILIES, MEASURE_REGISTRY, measureInfo } from "@hierboard/metrics";

export interface MeasureOption {
  key: string;
  label: string;
  family: string;
  higherIsBetter: boolean;
  defaultShown: boolean;
}

// The one place that names measures by key outside the engine. Every key here must be in the
// engine's MEASURE_REGISTRY (measure-catalogue.test.ts checks); labels, families and directions
// always come from the registry.

/** What a new subtask shows when the organiser does not choose: flat, HC and hP/hR side by side. */
export const DEFAULT_SHOWN_MEASURES = ["flat.micro.f1", "flat.macro.f1", "flat.subsetAccuracy", "hc.f1", "hc.mcc", "hierarchical.f1"];

/** The primary measure a new subtask starts with. */
export const DEFAULT_PRIMARY_MEASURE = "hc.f1";

/** One measure of each headline family (HC, flat, set-based hP/hR): the pair comparison's columns. */
export const HEADLINE_MEASURES = ["hc.f1", "flat.micro.f1", "hierarchical.f1"];

/** The families the worker computes ("all" of the engine); CAFA's, computed only when named, is not offered yet. */
const SCORED_FAMILIES = new Set(MEASURE_FAMILIES.map((f) => f.id));

/** Every measure the worker computes, for the organiser's choice of shown and primary measures. */
export function measureCatalogue(): MeasureOption[] {
  return MEASURE_REGISTRY.filter((m) => SCORED_FAMILIES.has(m.family)).map((m) => ({
    key: m.key,
    label: m.label,
    family: m.family,
    higherIsBetter: m.direction === "higher",
    defaultShown: DEFAULT_SHOWN_MEASURES.includes(m.key),
  }));
}

export function measureLabel(key: string): string {
  return measureInfo(key)?.label ?? key;
}

/** A measure the worker computes, so a subtask may show or rank by it. */
export function isKnownMeasure(key: string): boolean {
  const info = measureInfo(key);
  return info !== undefined && SCORED_FAMILIES.has(info.family);
}

/**
 * Which way a measure is better, as the board's ranking needs it: always the engine registry's
 * direction (a subtask never sets it). An unknown key ranks higher-is-better, like the registry's default.
 */
export function primaryDirectionOf(key: string): "HIGHER" | "LOWER" {
  return measureInfo(key)?.direction === "lower" ? "LOWER" : "HIGHER";
}
