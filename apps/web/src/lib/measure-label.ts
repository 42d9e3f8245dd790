import { MEASURE_REGISTRY, measureInfo } from "@hierboard/metrics";

/** The engine registry's display name for a measure key (`hc.f1` → `HC-F1`); the key itself if unknown. */
export function measureLabel(key: string): string {
  return measureInfo(key)?.label ?? key;
}

/** Groups measure keys by the engine family they belong to, families and keys in registry order. */
export function groupKeysByFamily<T extends { measure: string }>(items: readonly T[]): [string, T[]][] {
  const position = new Map(MEASURE_REGISTRY.map((info, index) => [info.key, index]));
  const sorted = [...items].sort(
    (a, b) => (position.get(a.measure) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.measure) ?? Number.MAX_SAFE_INTEGER),
  );
  const groups = new Map<string, T[]>();
  for (const item of sorted) {
    const family = measureInfo(item.measure)?.family ?? "other";
    const group = groups.get(family);
    if (group) group.push(item);
    else groups.set(family, [item]);
  }
  return [...groups];
}
