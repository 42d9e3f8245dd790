import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { measureLabel } from "./measure-label";

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
