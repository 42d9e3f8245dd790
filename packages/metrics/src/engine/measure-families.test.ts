import { describe, expect, it } from "vitest";
import { MEASURE_FAMILIES, NAMED_ONLY_FAMILIES } from "./measure-families.ts";
import { MEASURE_REGISTRY } from "./measure-registry.ts";

const families = [...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES];

describe("the family list", () => {
  it("gives each family its own id", () => {
    expect(new Set(families.map((f) => f.id)).size).toBe(families.length);
  });

  it("registers each family's measures under the family's id", () => {
    for (const family of families) {
      for (const info of family.measures) {
        expect(info.family, info.key).toBe(family.id);
        expect(info.key.startsWith(`${family.id}.`), info.key).toBe(true);
      }
    }
  });

  it("assembles the registry from the families, one entry per key", () => {
    expect(MEASURE_REGISTRY).toEqual(families.flatMap((f) => f.measures));
    expect(new Set(MEASURE_REGISTRY.map((m) => m.key)).size).toBe(MEASURE_REGISTRY.length);
  });
});
