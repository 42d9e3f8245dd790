import { DEFAULT_PRIMARY_MEASURE, type MeasureOption } from "@hierboard/platform";

// The measure list itself is the platform's catalogue (getTaskConsole → `measures`), built from the
// engine's registry with the platform's defaults; the console only groups and picks from it.
export type { MeasureOption };

/** The default primary measure: the platform's (HC-F1) where offered, else the first shown. */
export function defaultPrimaryMeasure(options: MeasureOption[]): MeasureOption | undefined {
  return options.find((o) => o.key === DEFAULT_PRIMARY_MEASURE) ?? options.find((o) => o.defaultShown) ?? options[0];
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
