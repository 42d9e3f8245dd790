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

/** The families the worker computes for every subtask ("all" of the engine). */
const SCORED_FAMILIES = new Set(MEASURE_FAMILIES.map((f) => f.id));

/** The family a CAFA-style subtask adds, reported per namespace as `cafa.namespaces.<root>.<measure>`. */
const CAFA_FAMILY = "cafa";

/**
 * Every measure the worker computes, for the organiser's choice of shown and primary measures:
 * those of every subtask, then the CAFA measures of each namespace given (the top-level nodes of
 * the task's taxonomies), which a CAFA-style subtask adds.
 */
export function measureCatalogue(namespaces: readonly string[] = []): MeasureOption[] {
  const option = (key: string): MeasureOption => {
    const m = measureInfo(key)!;
    return {
      key,
      label: m.label,
      family: m.family,
      higherIsBetter: m.direction === "higher",
      defaultShown: DEFAULT_SHOWN_MEASURES.includes(key),
    };
  };
  const everySubtask = MEASURE_REGISTRY.filter((m) => SCORED_FAMILIES.has(m.family)).map((m) => option(m.key));
  const cafa = MEASURE_REGISTRY.filter((m) => m.family === CAFA_FAMILY);
  const perNamespace = [...new Set(namespaces)].flatMap((ns) =>
    cafa.map((m) => option(m.key.replace(/^cafa\./, `cafa.namespaces.${ns}.`))),
  );
  return [...everySubtask, ...perNamespace];
}

export function measureLabel(key: string): string {
  return measureInfo(key)?.label ?? key;
}

/**
 * A measure the worker computes, so a subtask may show or rank by it: a CAFA measure only per
 * namespace (whether the subtask is CAFA-style and has that namespace is checked with its taxonomy).
 */
export function isKnownMeasure(key: string): boolean {
  const info = measureInfo(key);
  if (info === undefined) return false;
  return SCORED_FAMILIES.has(info.family) || (info.family === CAFA_FAMILY && key.startsWith(`${CAFA_FAMILY}.namespaces.`));
}

/**
 * Which way a measure is better, as the board's ranking needs it: always the engine registry's
 * direction (a subtask never sets it). An unknown key ranks higher-is-better, like the registry's default.
 */
export function primaryDirectionOf(key: string): "HIGHER" | "LOWER" {
  return measureInfo(key)?.direction === "lower" ? "LOWER" : "HIGHER";
}
