import { MEASURE_REGISTRY, measureInfo } from "@hierboard/metrics";

export interface MeasureOption {
  key: string;
  label: string;
  family: string;
  higherIsBetter: boolean;
  defaultShown: boolean;
}

/** What a new subtask shows when the organiser does not choose: flat, HC and hP/hR side by side. */
export const DEFAULT_SHOWN_MEASURES = ["flat.micro.f1", "flat.macro.f1", "flat.subsetAccuracy", "hc.f1", "hc.mcc", "hierarchical.f1"];

/** Every measure the engine registers, for the organiser's choice of shown and primary measures. */
export function measureCatalogue(): MeasureOption[] {
  return MEASURE_REGISTRY.map((m) => ({
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

export function isKnownMeasure(key: string): boolean {
  return measureInfo(key) !== undefined;
}
