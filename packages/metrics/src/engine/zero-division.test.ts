import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { taxonomyOf } from "../measures/testing/family-test-kit.ts";
import { evaluate } from "./evaluate.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import { MEASURE_FAMILIES } from "./measure-families.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import { parseZeroDivision, type ZeroDivision } from "../scoring/zero-division.ts";

// root → A → {A1, A2}, root → B
const t = taxonomyOf([
  [null, "A"],
  ["A", "A1"],
  ["A", "A2"],
  [null, "B"],
]);
const gold = parseLabelText("d1\tA1\nd2\tB\n", { taxonomy: t, role: "gold" });
// d1 predicts nothing (a zero denominator for its precision); d2 predicts B and A2: hP = 1/3.
const pred = parseLabelText("d1\nd2\tB\tA2\n", { taxonomy: t, role: "prediction" });
const emptyPred = parseLabelText("d1\nd2\n", { taxonomy: t, role: "prediction" });

type Rates = { precision: number; recall: number; macro: { precision: number; recall: number; fBeta: number }; undefined: string[] };
const run = (zeroDivision: ZeroDivision | undefined, p = pred, metrics: string[] | "all" = ["lca", "soft"]) =>
  evaluate({ taxonomy: t, gold, pred: p, metrics, zeroDivision });

describe("zeroDivision: what a ratio with a zero denominator gives", () => {
  it("defaults to 0, as before, and records the choice in the output", () => {
    const r = run(undefined, emptyPred);
    expect(r.options).toEqual({ zeroDivision: 0 });
    const h = r.hierarchical as unknown as Rates;
    expect(h.precision).toBe(0);
    expect(h.undefined).toContain("precision");
    expect((r.hc as { precision: number }).precision).toBe(0);
    expect(JSON.parse(JSON.stringify(r)).options).toEqual({ zeroDivision: 0 });
  });

  it("1: every undefined ratio is 1 and still listed; per-document precision of an empty prediction is 1", () => {
    const r = run(1, emptyPred);
    expect(r.options).toEqual({ zeroDivision: 1 });
    const h = r.hierarchical as unknown as Rates;
    expect(h.precision).toBe(1);
    expect(h.undefined).toContain("precision");
    expect(h.macro.precision).toBe(1);
    expect(h.recall).toBe(0);
    expect((r.hc as { precision: number }).precision).toBe(1);
    expect((r.flat as { micro: { precision: number } }).micro.precision).toBe(1);
    expect((r.lca as { precision: number }).precision).toBe(1);
    // With one document of each kind, macro hP = (1 + 1/3) / 2 under 1, (0 + 1/3) / 2 under 0.
    expect((run(1).hierarchical as unknown as Rates).macro.precision).toBeCloseTo(2 / 3, 15);
    expect((run(0).hierarchical as unknown as Rates).macro.precision).toBeCloseTo(1 / 6, 15);
  });

  it('"nan": undefined ratios are NaN (null in JSON), and documents with an undefined value are left out of macro means', () => {
    const r = run("nan", emptyPred);
    const h = r.hierarchical as unknown as Rates;
    expect(h.precision).toBeNaN();
    expect(h.undefined).toContain("precision");
    expect(h.macro.precision).toBeNaN();
    expect(h.undefined).toContain("macro.precision");
    expect(JSON.parse(JSON.stringify(r)).hierarchical.precision).toBeNull();
    expect(JSON.parse(JSON.stringify(r)).options).toEqual({ zeroDivision: "nan" });
    // d1 has no precision: the mean is d2's alone, 1/3. Its recall (0) still counts: (0 + 1) / 2.
    const mixed = run("nan").hierarchical as unknown as Rates;
    expect(mixed.macro.precision).toBeCloseTo(1 / 3, 15);
    expect(mixed.macro.recall).toBeCloseTo(1 / 2, 15);
    expect((run("nan").lca as { macro: { precision: number } }).macro.precision).toBeCloseTo(
      (run(0).lca as { macro: { precision: number } }).macro.precision * 2,
      15,
    );
  });

  it('"nan" leaves labels never predicted out of the flat macro precision, as scikit-learn does', () => {
    // Labels A, A1, A2, B: predicted A2 (wrong) and B (right). A and A1 are never predicted: their precision is undefined.
    const flat = (z: ZeroDivision) => (run(z).flat as { macro: { precision: number; recall: number } }).macro;
    expect(flat(0).precision).toBeCloseTo((0 + 1) / 4, 15);
    expect(flat(1).precision).toBeCloseTo((1 + 1 + 0 + 1) / 4, 15);
    expect(flat("nan").precision).toBeCloseTo((0 + 1) / 2, 15);
    // Recall: gold A1 and B; A and A2 never in the gold.
    expect(flat("nan").recall).toBeCloseTo((0 + 1) / 2, 15);
  });

  it('refuses anything but 0, 1 or "nan", saying what it got', () => {
    expect(() => parseZeroDivision(2)).toThrow(InputError);
    expect(() => parseZeroDivision("NaN")).toThrow('expected zeroDivision to be 0, 1 or "nan", got "NaN"');
    expect(() => scoringContext(t, { zeroDivision: "one" })).toThrow('expected zeroDivision to be 0, 1 or "nan", got "one"');
    expect(parseZeroDivision("1")).toBe(1);
  });

  it("keeps statistics additive under every choice: shards merged equal one call", () => {
    const label = fc.constantFrom("A", "A1", "A2", "B");
    const docsArb = fc.array(fc.tuple(fc.uniqueArray(label, { minLength: 1, maxLength: 3 }), fc.uniqueArray(label, { maxLength: 3 })), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(docsArb, fc.nat(), fc.constantFrom<ZeroDivision>(0, 1, "nan"), (docs, cut, zeroDivision) => {
        const g = parseLabelText(docs.map(([labels], i) => [`d${i}`, ...labels].join("\t")).join("\n"), { taxonomy: t, role: "gold" });
        const p = parseLabelText(docs.map(([, labels], i) => [`d${i}`, ...labels].join("\t")).join("\n"), {
          taxonomy: t,
          role: "prediction",
        });
        const ctx = scoringContext(t, { zeroDivision });
        const all = [...prepareDocuments(ctx, g, p)];
        const at = cut % (all.length + 1);
        const whole = new ScoreAccumulator(ctx, MEASURE_FAMILIES).update(all).compute();
        const merged = new ScoreAccumulator(ctx, MEASURE_FAMILIES)
          .update(all.slice(0, at))
          .merge(new ScoreAccumulator(ctx, MEASURE_FAMILIES).update(all.slice(at)))
          .compute();
        expect(JSON.stringify(merged, (_k, v: unknown) => (typeof v === "number" ? Number(v.toPrecision(12)) : v))).toEqual(
          JSON.stringify(whole, (_k, v: unknown) => (typeof v === "number" ? Number(v.toPrecision(12)) : v)),
        );
      }),
      { numRuns: 100 },
    );
  });
});
