import { describe, expect, it } from "vitest";
import { MEASURE_FAMILIES, NAMED_ONLY_FAMILIES } from "./measure-families.ts";
import { MEASURE_REGISTRY } from "./measure-registry.ts";

const families = [...MEASURE_FAMILIES, ...NAMED_ONLY_FAMILIES];

/**
 * Each family's named statistic slots. The platform stores recordings by slot index, so a
 * stored recording keeps its meaning only while these lists keep their order: add a new slot
 * at the end of its family's list (and here), never reorder or remove one.
 */
const STORED_SLOTS: Readonly<Record<string, readonly string[]>> = {
  flat: ["tp", "fp", "fn", "exact", "wrong"],
  hc: ["tp", "tn", "fp", "fn"],
  hierarchical: ["tp", "predicted", "gold"],
  hLoss: ["hLoss", "symmetricDifference", "zeroOne"],
  lca: ["tp", "predicted", "gold"],
  mgia: ["sumMgia", "defined", "error", "union", "gie", "sumHemkit"],
  soft: ["gold", "scored"],
};

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

  it("keeps each family's glossary texts to its own measures", () => {
    for (const family of families) {
      const own = new Set(family.measures.map((m) => m.key));
      expect(
        Object.keys(family.glossary).filter((key) => !own.has(key)),
        family.id,
      ).toEqual([]);
    }
  });

  it("keeps each family's named slots in their stored order", () => {
    for (const family of families) expect(family.slots?.names ?? [], family.id).toEqual(STORED_SLOTS[family.id] ?? []);
  });

  it("assembles the registry from the families, one entry per key", () => {
    expect(MEASURE_REGISTRY).toEqual(families.flatMap((f) => f.measures));
    expect(new Set(MEASURE_REGISTRY.map((m) => m.key)).size).toBe(MEASURE_REGISTRY.length);
  });
});
