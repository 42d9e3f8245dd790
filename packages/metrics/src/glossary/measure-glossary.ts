import { MEASURE_FAMILIES, NAMED_ONLY_FAMILIES } from "../engine/measure-families.ts";
import { MEASURE_REGISTRY } from "../engine/measure-registry.ts";
import type { GlossaryEntry, MeasureInfo } from "../scoring/measure-info.ts";

/**
 * The glossary of every registry measure, keyed by measure key: the one source of the texts the
 * `/measures` page, the hover hints and `hierboard measures` show. Each family declares its texts
 * (`measures/<family>/*-glossary.ts`); a completeness test fails for any registry measure without
 * an entry.
 */
export const MEASURE_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = Object.assign(
  {},
  ...[...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES].map((family) => family.glossary),
);

/** A registry measure with its glossary entry. */
export type GlossaryMeasure = MeasureInfo & GlossaryEntry;

/** The glossary entry of a measure key, with its registry facts; undefined when either is missing. */
export function glossaryEntry(key: string): GlossaryMeasure | undefined {
  const info = MEASURE_REGISTRY.find((m) => m.key === key);
  const entry = MEASURE_GLOSSARY[key];
  return info && entry ? { ...info, ...entry } : undefined;
}

/** Every registry measure that has an entry, in registry order. */
export function glossaryMeasures(): GlossaryMeasure[] {
  return MEASURE_REGISTRY.flatMap((info) => {
    const entry = MEASURE_GLOSSARY[info.key];
    return entry ? [{ ...info, ...entry }] : [];
  });
}

/** "[0, 1], higher is better" in words, for the glossary and the CLI. */
export function describeRange(info: Pick<MeasureInfo, "range" | "direction" | "best">): string {
  const bound = (n: number) => (n === Infinity ? "∞" : n === -Infinity ? "−∞" : String(n).replace("-", "−"));
  const best = info.best !== undefined ? `; perfect = ${bound(info.best)}` : "";
  return `[${bound(info.range[0])}, ${bound(info.range[1])}], ${info.direction} is better${best}`;
}
