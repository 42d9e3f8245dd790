import { describe, expect, it } from "vitest";
import { defineFamily } from "./measure-family.ts";
import { scoringContext } from "./scoring-context.ts";
import { statisticSlots } from "./statistic-slots.ts";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";

const ctx = scoringContext(buildTaxonomy([{ parent: null, child: "a", line: 1 }]));

describe("statisticSlots", () => {
  it("numbers the names in the order given", () => {
    const slots = statisticSlots("tp", "predicted", "gold");
    expect(slots.at).toEqual({ tp: 0, predicted: 1, gold: 2 });
    expect(slots.names).toEqual(["tp", "predicted", "gold"]);
    expect(slots.width).toBe(3);
  });

  it("refuses a name given twice, which would give two statistics one slot", () => {
    expect(() => statisticSlots("tp", "gold", "tp")).toThrow(/given twice/);
  });
});

describe("defineFamily", () => {
  const slots = statisticSlots("errors");
  const base = {
    id: "errors",
    statistics: "integers" as const,
    measures: [],
    glossary: {},
    count: () => {},
    reduce: (sums: Float64Array, documents: number) => ({ errorRate: sums[slots.at.errors]! / documents }),
  };

  it("takes the width from the named slots when none is given", () => {
    expect(defineFamily({ ...base, slots }).width(ctx)).toBe(1);
  });

  it("keeps a given width (a family with sized blocks after its slots)", () => {
    expect(defineFamily({ ...base, slots, width: (c) => slots.width + c.taxonomy.size }).width(ctx)).toBe(2);
  });

  it("refuses a family with neither slots nor a width", () => {
    expect(() => defineFamily(base)).toThrow(/give its slots or its width/);
  });

  it("types the result from reduce", () => {
    const family = defineFamily({ ...base, slots });
    const rate: number = family.reduce(Float64Array.of(1), 4, ctx, undefined).errorRate;
    expect(rate).toBe(0.25);
  });
});
