import katex from "katex";
import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY, glossaryMeasures } from "@hierboard/metrics";
import { FAMILY_NAMES } from "./measure-families";

// The /measures page renders every formula on the server with throwOnError: one bad TeX string would
// break the page, so each is rendered here first.
describe("glossary formulas", () => {
  it.each(glossaryMeasures().map((m) => [m.key, m.formula]))("%s renders with KaTeX", (_key, tex) => {
    const html = katex.renderToString(tex, { displayMode: true, output: "htmlAndMathml", throwOnError: true, strict: "error" });
    expect(html).toContain("<math");
    expect(html).not.toContain("katex-error");
  });

  it("names every family of the registry", () => {
    const missing = [...new Set(MEASURE_REGISTRY.map((m) => m.family))].filter((f) => !(f in FAMILY_NAMES));
    expect(missing).toEqual([]);
  });
});
