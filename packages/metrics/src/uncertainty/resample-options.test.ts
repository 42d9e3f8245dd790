import { describe, expect, it } from "vitest";
import { measureValue } from "./resample-options.ts";

describe("measureValue", () => {
  it("reads a dotted key and gives NaN for anything that is not a number", () => {
    const result = { hc: { f1: 0.5 }, flat: { micro: { f1: 0.25 } }, warnings: ["x"] };
    expect(measureValue(result, "hc.f1")).toBe(0.5);
    expect(measureValue(result, "flat.micro.f1")).toBe(0.25);
    expect(measureValue(result, "flat.micro")).toBeNaN();
    expect(measureValue(result, "hc.f1.x")).toBeNaN();
    expect(measureValue(result, "nope")).toBeNaN();
  });
});
