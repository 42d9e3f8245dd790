/**
 * Flattens an evaluation into measure name → value, with dotted names
 * (`hc.f1`, `flat.micro.f1`, `hierarchical.macro.precision`). Only finite
 * numbers are kept; lists such as `undefined` and `warnings`, and the
 * `options` recorded beside the measures, are skipped.
 */
export function flattenMeasures(evaluation: object, prefix = ""): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(evaluation)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (name === "options") continue;
    if (typeof value === "number" && Number.isFinite(value)) out[name] = value;
    else if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(out, flattenMeasures(value, name));
  }
  return out;
}
