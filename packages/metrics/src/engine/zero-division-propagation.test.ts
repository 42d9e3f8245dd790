import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { taxonomyOf } from "../measures/testing/family-test-kit.ts";
import { evaluate, type Evaluation } from "./evaluate.ts";
import type { ZeroDivision } from "../scoring/zero-division.ts";

// root → A → {A1, A2}, root → B
const t = taxonomyOf([
  [null, "A"],
  ["A", "A1"],
  ["A", "A2"],
  [null, "B"],
]);

const score = (gold: string, pred: string, zeroDivision: ZeroDivision): Evaluation =>
  evaluate({
    taxonomy: t,
    gold: parseLabelText(gold, { taxonomy: t, role: "gold" }),
    pred: parseLabelText(pred, { taxonomy: t, role: "prediction" }),
    metrics: "all",
    zeroDivision,
  });

type Family = Record<string, unknown> & { undefined: string[] };
const family = (r: Evaluation, id: string) => r[id] as unknown as Family;
const at = (r: Evaluation, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], r);

// Nothing in the gold, nothing predicted: every precision and recall is 0/0.
const BOTH_EMPTY = ["d1\n", "d1\n"] as const;
// Gold A1, nothing predicted: precision is 0/0, recall 0/1.
const NOTHING_PREDICTED = ["d1\tA1\n", "d1\n"] as const;
// Nothing in the gold, A1 predicted: recall is 0/0, precision 0/1.
const NOTHING_IN_GOLD = ["d1\n", "d1\tA1\n"] as const;

describe("zeroDivision reaches every value computed from an undefined ratio", () => {
  it("hierarchical and LCA micro F are ratios of counts, (1+β²)·TP / (β²·|gold| + |predicted|), as scikit-learn's: undefined only when both sets are empty", () => {
    for (const id of ["hierarchical", "lca"]) {
      const nan = family(score(...BOTH_EMPTY, "nan"), id);
      expect(nan.precision).toBeNaN();
      expect(nan.recall).toBeNaN();
      expect(nan.f1).toBeNaN();
      expect(nan.undefined).toContain("f1");
      // Under 1 the F of two empty sets is 1, as the precision and recall beside it (it was 0).
      expect(family(score(...BOTH_EMPTY, 1), id).f1).toBe(1);
      expect(family(score(...BOTH_EMPTY, 0), id).f1).toBe(0);
      // Only the precision undefined: TP = 0 over a gold set, so F = 0 under every choice (scikit-learn's f1_score too).
      for (const choice of [0, 1, "nan"] as const) {
        const r = family(score(...NOTHING_PREDICTED, choice), id);
        expect(r.f1).toBe(0);
        expect(r.undefined).not.toContain("f1");
      }
    }
    const h = family(score(...BOTH_EMPTY, "nan"), "hierarchical");
    expect(h.fBeta).toBeNaN();
    expect(h.undefined).toContain("fBeta");
  });

  it("HC: PT computed from an undefined TPR or FPR is NaN under nan and listed; under 0 it keeps its value", () => {
    // Nothing in the gold: TP = FN = 0, so recall (TPR) is 0/0 while FPR is defined.
    const nan = family(score(...NOTHING_IN_GOLD, "nan"), "hc");
    expect(nan.recall).toBeNaN();
    expect(nan.fpr as number).toBeGreaterThan(0);
    expect(nan.pt).toBeNaN();
    expect(nan.undefined).toContain("pt");
    // Under 0, as before: TPR = 0 gives PT = (0 − FPR) / (0 − FPR) = 1.
    const zero = family(score(...NOTHING_IN_GOLD, 0), "hc");
    expect(zero.pt).toBe(1);
    // Under 1, TPR = 1; with no gold node there is no TN either, so FPR = 1 and PT = 0 / 0 takes the value 1.
    const one = family(score(...NOTHING_IN_GOLD, 1), "hc");
    expect([one.recall, one.fpr, one.pt]).toEqual([1, 1, 1]);
  });

  it("HC: MCC with a zero denominator takes the chosen value; with one defined it does not move", () => {
    // Nothing predicted: TP + FP = 0, so MCC's denominator is 0.
    expect(family(score(...NOTHING_PREDICTED, "nan"), "hc").mcc).toBeNaN();
    expect(family(score(...NOTHING_PREDICTED, "nan"), "hc").undefined).toContain("mcc");
    expect(family(score(...NOTHING_PREDICTED, 1), "hc").mcc).toBe(1);
    expect(family(score(...NOTHING_PREDICTED, 0), "hc").mcc).toBe(0);
    const defined = ["d1\tA1\nd2\tB\n", "d1\tA2\nd2\tB\n"] as const;
    expect(family(score(...defined, "nan"), "hc").mcc).toBe(family(score(...defined, 0), "hc").mcc);
  });

  it("soft: each sweep point's F1 is a ratio of counts, so a threshold that predicts nothing has F1 0, not NaN, and the best point is found", () => {
    const nan = family(score("d1\tA1\nd2\tB\n", "d1\tA1\nd2\n", "nan"), "soft");
    const sweep = nan.sweep as { threshold: number; precision: number; f1: number; predicted: number }[];
    expect(sweep.every((point) => !Number.isNaN(point.f1))).toBe(true);
    const best = nan.best as { f1: number; precision: number };
    // Gold closure {A, A1, B}, predicted closure {A, A1}: F1 = 2·2 / (3 + 2).
    expect(best.f1).toBeCloseTo(4 / 5, 15);
    const empty = family(score(...NOTHING_PREDICTED, "nan"), "soft");
    expect((empty.best as { f1: number }).f1).toBe(0);
    expect((empty.best as { precision: number }).precision).toBeNaN();
    expect(empty.undefined).toContain("best.precision");
    expect((family(score(...BOTH_EMPTY, "nan"), "soft").best as { f1: number }).f1).toBeNaN();
    expect((family(score(...BOTH_EMPTY, 1), "soft").best as { f1: number }).f1).toBe(1);
  });

  it("distance: an F built on an undefined precision or recall is that value's choice, as before", () => {
    expect((family(score(...NOTHING_PREDICTED, "nan"), "distance").micro as { f1: number }).f1).toBeNaN();
    expect((family(score(...NOTHING_PREDICTED, 1), "distance").micro as { f1: number }).f1).toBe(1);
    expect((family(score(...NOTHING_PREDICTED, 0), "distance").micro as { f1: number }).f1).toBe(0);
  });

  it("flat, per level and CoPHE use F1 = 2TP / (2TP + FP + FN), as scikit-learn: 0 when only the precision is undefined", () => {
    const r = score(...NOTHING_PREDICTED, "nan");
    expect(at(r, "flat.micro.precision")).toBeNaN();
    expect(at(r, "flat.micro.f1")).toBe(0);
    expect(at(r, "perLevel.levels.1.augmented.precision")).toBeNaN();
    expect(at(r, "perLevel.levels.1.augmented.f1")).toBe(0);
    expect(at(r, "cophe.overall.precision")).toBeNaN();
    expect(at(r, "cophe.overall.f1")).toBe(0);
    expect(at(score(...BOTH_EMPTY, "nan"), "cophe.overall.f1")).toBeNaN();
  });

  it("MGIA and H-loss: a mean over no document, or a pooled ratio over nothing, is the chosen value", () => {
    expect(at(score(...BOTH_EMPTY, "nan"), "mgia.micro.accuracy")).toBeNaN();
    expect(at(score(...BOTH_EMPTY, 1), "mgia.micro.accuracy")).toBe(1);
    expect(at(score(...BOTH_EMPTY, "nan"), "mgia.accuracy")).toBeNaN();
    expect(at(score(...BOTH_EMPTY, 0), "hLoss.hLoss")).toBe(0);
  });

  it('under "nan", a value is NaN exactly when it is listed under `undefined`, in every family, on random documents', () => {
    const label = fc.constantFrom("A", "A1", "A2", "B");
    const docsArb = fc.array(fc.tuple(fc.uniqueArray(label, { maxLength: 3 }), fc.uniqueArray(label, { maxLength: 3 })), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(docsArb, (docs) => {
        const gold = docs.map(([labels], i) => [`d${i}`, ...labels].join("\t")).join("\n");
        const pred = docs.map(([, labels], i) => [`d${i}`, ...labels].join("\t")).join("\n");
        const r = score(gold, pred, "nan");
        for (const [id, value] of Object.entries(r)) {
          if (id === "options" || id === "warnings" || typeof value !== "object" || value === null) continue;
          const listed = new Set((value as Family).undefined);
          for (const [path, leaf] of numericLeaves(value as Family)) {
            expect({ path: `${id}.${path}`, nan: Number.isNaN(leaf) }).toEqual({ path: `${id}.${path}`, nan: listed.has(path) });
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** Numbers of a family result by dotted path, outside arrays (the sweep is listed as a whole). */
function numericLeaves(node: Record<string, unknown>, prefix = ""): [string, number][] {
  const out: [string, number][] = [];
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "number") out.push([path, value]);
    else if (value && typeof value === "object" && !Array.isArray(value))
      out.push(...numericLeaves(value as Record<string, unknown>, path));
  }
  return out;
}
