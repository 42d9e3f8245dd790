import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { groupKeysByFamily, measureLabel } from "./measure-label";

describe("measureLabel", () => {
  it("uses the engine registry's label", () => {
    const first = MEASURE_REGISTRY[0];
    expect(first).toBeDefined();
    expect(measureLabel(first!.key)).toBe(first!.label);
  });
  it("falls back to the key for a measure the registry does not know", () => {
    expect(measureLabel("no.such.measure")).toBe("no.such.measure");
  });
});

describe("groupKeysByFamily", () => {
  it("groups by family in registry order and puts unknown keys last", () => {
    const flat = MEASURE_REGISTRY.find((m) => m.family === "flat");
    const hc = MEASURE_REGISTRY.find((m) => m.family === "hc");
    const groups = groupKeysByFamily([{ measure: "zz.unknown" }, { measure: hc!.key }, { measure: flat!.key }]);
    expect(groups.map(([family]) => family)).toEqual(["flat", "hc", "other"]);
  });
});
