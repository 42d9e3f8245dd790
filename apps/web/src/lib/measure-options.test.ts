import { describe, expect, it } from "vitest";
import { measureCatalogue } from "@hierboard/platform";
import { defaultPrimaryMeasure, groupByFamily } from "./measure-options";

describe("defaultPrimaryMeasure", () => {
  it("picks HC-F1 from the platform's catalogue, and the catalogue shows it by default", () => {
    const primary = defaultPrimaryMeasure(measureCatalogue());
    expect(primary?.key).toBe("hc.f1");
    expect(primary?.defaultShown).toBe(true);
  });
});

describe("groupByFamily", () => {
  it("keeps registry order inside and across families", () => {
    const options = measureCatalogue();
    const groups = groupByFamily(options);
    expect(groups.flatMap(([, members]) => members.map((m) => m.key)).sort()).toEqual(options.map((o) => o.key).sort());
    expect(groups[0]?.[0]).toBe(options[0]?.family);
  });
});
