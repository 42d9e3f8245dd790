import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { SIDE_BY_SIDE_MEASURES } from "../leaderboard/measure-rankings.ts";
import { DEFAULT_PRIMARY_MEASURE, DEFAULT_SHOWN_MEASURES, HEADLINE_MEASURES, measureCatalogue } from "./measure-catalogue.ts";

const registered = new Set(MEASURE_REGISTRY.map((m) => m.key));

describe("measureCatalogue", () => {
  it("offers every registry measure, in registry order, with its label and direction", () => {
    const options = measureCatalogue();
    expect(options.map((o) => o.key)).toEqual(MEASURE_REGISTRY.map((m) => m.key));
    for (const [i, option] of options.entries()) {
      expect(option.label).toBe(MEASURE_REGISTRY[i]?.label);
      expect(option.higherIsBetter).toBe(MEASURE_REGISTRY[i]?.direction === "higher");
    }
  });

  it("names only measures the engine registers, and shows the default primary by default", () => {
    for (const key of [DEFAULT_PRIMARY_MEASURE, ...DEFAULT_SHOWN_MEASURES, ...HEADLINE_MEASURES, ...SIDE_BY_SIDE_MEASURES]) {
      expect(registered, key).toContain(key);
    }
    expect(DEFAULT_SHOWN_MEASURES).toContain(DEFAULT_PRIMARY_MEASURE);
  });
});
