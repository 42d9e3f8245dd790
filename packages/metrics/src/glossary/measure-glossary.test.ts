import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY } from "../engine/measure-registry.ts";
import { MEASURE_GLOSSARY, describeRange, glossaryEntry, glossaryMeasures } from "./measure-glossary.ts";
import { workedExampleValues } from "./worked-example.ts";

describe("measure glossary", () => {
  it.each(MEASURE_REGISTRY.map((m) => [m.key]))("%s has a definition, a formula and a source", (key) => {
    const entry = glossaryEntry(key);
    expect(
      entry,
      `no glossary entry for registry measure ${key}: add one to its family's glossary (measures/<family>/*-glossary.ts)`,
    ).toBeDefined();
    expect(entry!.short.length).toBeGreaterThan(20);
    expect(entry!.short.length).toBeLessThanOrEqual(160);
    expect(entry!.definition.length).toBeGreaterThan(entry!.short.length);
    expect(entry!.formula).toMatch(/[=\\]/);
    expect(entry!.source.trim().length).toBeGreaterThan(5);
  });

  it("has no entry for a key the registry does not know", () => {
    const registered = new Set(MEASURE_REGISTRY.map((m) => m.key));
    expect(Object.keys(MEASURE_GLOSSARY).filter((key) => !registered.has(key))).toEqual([]);
    expect(glossaryMeasures().map((m) => m.key)).toEqual(MEASURE_REGISTRY.map((m) => m.key));
  });

  it("describes range and direction in words", () => {
    expect(describeRange(glossaryEntry("hc.f1")!)).toBe("[0, 1], higher is better; perfect = 1");
    expect(describeRange(glossaryEntry("hc.mcc")!)).toBe("[−1, 1], higher is better; perfect = 1");
    expect(describeRange(glossaryEntry("mgia.gie")!)).toBe("[0, ∞], lower is better; perfect = 0");
  });
});

describe("worked example", () => {
  const values = workedExampleValues();

  it("gives a value for every registry measure, inside its range", () => {
    for (const info of MEASURE_REGISTRY) {
      // cafa measures are per namespace; the weighted ones need an IA file, which the example has not.
      if (info.key.match(/^cafa\.w/)) continue;
      const value = values[info.key.replace(/^cafa\./, "cafa.namespaces.Animal.")];
      // Deep soft orders need a taxonomy deeper than the example's two levels.
      if (info.key.match(/^soft\.(confusion|rms)\.([3-9])$/)) continue;
      expect(value, info.key).toBeTypeOf("number");
      expect(value!, info.key).toBeGreaterThanOrEqual(info.range[0]);
      expect(value!, info.key).toBeLessThanOrEqual(info.range[1]);
    }
  });

  it("matches the hand count of flat and hierarchical measures", () => {
    // Threshold 0.5: d1 predicts {Cat} for gold {Dog}; d2 predicts {Bird, Tree} for gold {Bird}.
    expect(values["flat.micro.precision"]).toBeCloseTo(1 / 3, 12);
    expect(values["flat.micro.recall"]).toBeCloseTo(1 / 2, 12);
    expect(values["flat.subsetAccuracy"]).toBe(0);
    // Closed sets: d1 gold {Animal, Mammal, Dog}, predicted {Animal, Mammal, Cat}: 2 of 3;
    // d2 gold {Animal, Bird}, predicted {Animal, Bird, Plant, Tree}: 2 of 4.
    expect(values["hierarchical.precision"]).toBeCloseTo(4 / 7, 12);
    expect(values["hierarchical.recall"]).toBeCloseTo(4 / 5, 12);
  });
});
