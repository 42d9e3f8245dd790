import { MEASURE_REGISTRY } from "@hierboard/metrics";

export interface MeasureOption {
  key: string;
  label: string;
  family: string;
  higherIsBetter: boolean;
  defaultShown: boolean;
}

/** A new subtask starts with the mission's side-by-side set: HC, flat and hP/hR. */
const DEFAULT_SHOWN = ["hc.f1", "hc.mcc", "flat.micro.f1", "flat.subsetAccuracy", "hierarchical.f1"];

/** Every measure of the engine's registry, as the organiser console offers them. */
export function measureOptions(): MeasureOption[] {
  return MEASURE_REGISTRY.map((info) => ({
    key: info.key,
    label: info.label,
    family: info.family,
    higherIsBetter: info.direction === "higher",
    defaultShown: DEFAULT_SHOWN.includes(info.key),
  }));
}

/** The default primary measure: HC-F1 where the engine has it. */
export function defaultPrimaryMeasure(options: MeasureOption[]): MeasureOption | undefined {
  return options.find((o) => o.key === DEFAULT_SHOWN[0]) ?? options.find((o) => o.defaultShown) ?? options[0];
}

/** Options grouped by family, families in registry order (Node 20 has no Map.groupBy). */
export function groupByFamily(options: MeasureOption[]): [string, MeasureOption[]][] {
  const groups = new Map<string, MeasureOption[]>();
  for (const option of options) {
    const group = groups.get(option.family);
    if (group) group.push(option);
    else groups.set(option.family, [option]);
  }
  return [...groups];
}
