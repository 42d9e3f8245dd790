import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { SIDE_BY_SIDE_MEASURES } from "../leaderboard/measure-rankings.ts";
import {
  DEFAULT_PRIMARY_MEASURE,
  DEFAULT_SHOWN_MEASURES,
  HEADLINE_MEASURES,
  isKnownMeasure,
  measureCatalogue,
} from "./measure-catalogue.ts";

const registered = new Set(MEASURE_REGISTRY.map((m) => m.key));

describe("measureCatalogue", () => {
  it("offers every registry measure the worker computes, in registry order, with its label and direction", () => {
    const options = measureCatalogue();
    const scored = MEASURE_REGISTRY.filter((m) => m.family !== "cafa");
    expect(options.map((o) => o.key)).toEqual(scored.map((m) => m.key));
    for (const [i, option] of options.entries()) {
      expect(option.label).toBe(scored[i]?.label);
      expect(option.higherIsBetter).toBe(scored[i]?.direction === "higher");
    }
    expect(isKnownMeasure("cafa.fmax")).toBe(false);
    expect(isKnownMeasure("hc.f1")).toBe(true);
  });

  it("adds the CAFA measures of each namespace given, labelled with it; a CAFA measure is known only per namespace", () => {
    const options = measureCatalogue(["BPO", "MFO", "BPO"]);
    const cafa = options.filter((o) => o.family === "cafa");
    expect(cafa).toHaveLength(2 * MEASURE_REGISTRY.filter((m) => m.family === "cafa").length);
    expect(cafa.find((o) => o.key === "cafa.namespaces.BPO.wfmax")).toMatchObject({ label: "wFmax, BPO", higherIsBetter: true });
    expect(cafa.find((o) => o.key === "cafa.namespaces.MFO.smin")?.higherIsBetter).toBe(false);
    expect(isKnownMeasure("cafa.namespaces.BPO.wfmax")).toBe(true);
    expect(isKnownMeasure("cafa.namespaces.BPO.curve")).toBe(false);
  });

  it("names only measures the engine registers, and shows the default primary by default", () => {
    for (const key of [DEFAULT_PRIMARY_MEASURE, ...DEFAULT_SHOWN_MEASURES, ...HEADLINE_MEASURES, ...SIDE_BY_SIDE_MEASURES]) {
      expect(registered, key).toContain(key);
    }
    expect(DEFAULT_SHOWN_MEASURES).toContain(DEFAULT_PRIMARY_MEASURE);
  });
});
