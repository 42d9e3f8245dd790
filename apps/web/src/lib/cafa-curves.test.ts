import { describe, expect, it } from "vitest";
import { readCafaCurves } from "./cafa-curves";

const curve = { tau: [0.1, 0.2, 0.30000000000000004], pr: [0.4, 0.6, 0.9], rc: [0.9, 0.7, 0.2], ru: [0.5, 1, 3], mi: [4, 2, 0.5] };

describe("readCafaCurves", () => {
  it("reads each evaluated namespace's curves and marks Fmax and Smin at their thresholds", () => {
    const [bpo, ...rest] = readCafaCurves({
      cafa: {
        namespaces: {
          BPO: { status: "ok", fmax: 0.646, fmaxThreshold: 0.2, smin: 2.236, sminThreshold: 0.2, curve },
          MFO: { status: "no_predictions", nGoldProteins: 3 },
        },
      },
    });
    expect(rest).toEqual([]);
    expect(bpo!.namespace).toBe("BPO");
    expect(bpo!.pr).toEqual([
      { recall: 0.9, precision: 0.4 },
      { recall: 0.7, precision: 0.6 },
      { recall: 0.2, precision: 0.9 },
    ]);
    expect(bpo!.fmax).toEqual({ recall: 0.7, precision: 0.6, value: 0.646, threshold: 0.2 });
    expect(bpo!.smin).toEqual({ ru: 1, mi: 2, value: 2.236, threshold: 0.2 });
  });

  it("gives nothing for an evaluation without the cafa family", () => {
    expect(readCafaCurves({ hc: { f1: 0.5 } })).toEqual([]);
    expect(readCafaCurves(null)).toEqual([]);
  });
});
