import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { defaultPrimaryMeasure, groupByFamily, measureOptions } from "./measure-options";

describe("measureOptions", () => {
  it("offers every registry measure with its direction", () => {
    const options = measureOptions();
    expect(options.map((o) => o.key)).toEqual(MEASURE_REGISTRY.map((m) => m.key));
    for (const option of options) {
      const info = MEASURE_REGISTRY.find((m) => m.key === option.key);
      expect(option.higherIsBetter).toBe(info?.direction === "higher");
    }
  });
  it("defaults to HC-F1 as the primary measure and shows it", () => {
    const primary = defaultPrimaryMeasure(measureOptions());
    expect(primary?.key).toBe("hc.f1");
    expect(primary?.defaultShown).toBe(true);
  });
});

describe("groupByFamily", () => {
  it("keeps registry order inside and across families", () => {
    const options = measureOptions();
    const groups = groupByFamily(options);
    expect(groups.flatMap(([, members]) => members.map((m) => m.key)).sort()).toEqual(options.map((o) => o.key).sort());
    expect(groups[0]?.[0]).toBe(options[0]?.family);
  });
});
