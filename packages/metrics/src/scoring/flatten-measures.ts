/**
 * Flattens an evaluation into measure name → value, with dotted names
 * (`hc.f1`, `flat.micro.f1`, `hierarchical.macro.precision`). Only finite
 * numbers are kept, unless `keepNaN` is set: then the NaN of an undefined
 * measure under zeroDivision "nan" is kept too (the CLI's table prints it as
 * `nan`). Lists such as `undefined` and `warnings`, and the `options`
 * recorded beside the measures, are skipped.
 *
 * @example
 * flattenMeasures({ hc: { f1: 0.5, mcc: NaN, undefined: ["mcc"] } }); // { "hc.f1": 0.5 }
 * flattenMeasures({ hc: { f1: 0.5, mcc: NaN } }, { keepNaN: true }); // { "hc.f1": 0.5, "hc.mcc": NaN }
 */
export function flattenMeasures(evaluation: object, options: { keepNaN?: boolean } = {}): Record<string, number> {
  const out: Record<string, number> = {};
  const keep = (value: number) => Number.isFinite(value) || (options.keepNaN === true && Number.isNaN(value));
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (name === "options") continue;
      if (typeof value === "number" && keep(value)) out[name] = value;
      else if (value && typeof value === "object" && !Array.isArray(value)) walk(value, name);
    }
  };
  walk(evaluation, "");
  return out;
}
