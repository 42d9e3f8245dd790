import { describe, expect, it } from "vitest";
import { readBreakdown } from "./report-breakdown";

const rates = (tp: number, fp: number, fn: number) => ({
  tp,
  fp,
  fn,
  precision: tp / (tp + fp),
  recall: tp / (tp + fn),
  f1: (2 * tp) / (2 * tp + fp + fn),
});

describe("readBreakdown", () => {
  it("reads HC counts, per-level rows in depth order and per-subtree rows in the augmented view", () => {
    const view = readBreakdown({
      hc: { tp: 7, fp: 1, fn: 2, tn: 30, f1: 0.82 },
      perLevel: {
        levels: { "2": { flat: rates(1, 1, 1), augmented: rates(2, 1, 1) }, "1": { flat: rates(3, 0, 0), augmented: rates(3, 0, 0) } },
      },
      perSubtree: { subtrees: { Arts: { flat: rates(1, 0, 1), augmented: rates(2, 0, 1) } } },
      soft: { input: "labels", sweep: [{ threshold: 0.5, precision: 1, recall: 1 }], auprc: 0.4 },
    });
    expect(view.hc).toEqual({ tp: 7, fp: 1, fn: 2, tn: 30 });
    expect(view.perLevel.map((r) => [r.group, r.tp])).toEqual([
      ["1", 3],
      ["2", 2],
    ]);
    expect(view.perSubtree).toEqual([{ group: "Arts", tp: 2, fp: 0, fn: 1, precision: 1, recall: 2 / 3, f1: 0.8 }]);
    // A file of labels has no curve: its sweep is one point repeated.
    expect(view.prCurve).toEqual([]);
    expect(view.auprc).toBeNull();
  });

  it("gives the precision-recall curve of a soft submission, by recall", () => {
    const view = readBreakdown({
      soft: {
        input: "scores",
        auprc: 0.71,
        sweep: [
          { threshold: 0.9, precision: 1, recall: 0.2 },
          { threshold: 0.1, precision: 0.5, recall: 0.9 },
          { threshold: 0.5, precision: null, recall: 0.5 },
          { threshold: 1, precision: 0, recall: 0 },
        ],
      },
    });
    expect(view.prCurve).toEqual([
      { threshold: 0.9, precision: 1, recall: 0.2 },
      { threshold: 0.1, precision: 0.5, recall: 0.9 },
    ]);
    expect(view.auprc).toBe(0.71);
  });

  it("survives a breakdown without the families (an older score set) or not an object at all", () => {
    expect(readBreakdown(null)).toEqual({ hc: null, perLevel: [], perSubtree: [], prCurve: [], auprc: null });
    expect(readBreakdown({ perLevel: { levels: { "1": "nope" } } }).perLevel).toEqual([]);
  });
});
