import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import type { LabelFile } from "../../labels/label-file.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { prepareDocuments } from "../../scoring/prepared-document.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import type { FamilyResult } from "../../scoring/measure-family.ts";
import { ScoreAccumulator } from "../../scoring/score-accumulator.ts";
import { flattenMeasures } from "../../scoring/flatten-measures.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { hierarchicalFamily } from "../set-based/hierarchical-family.ts";
import { areaUnderPrCurve } from "./pr-curve.ts";
import { exactPoints, goldOf, scoresOf, smallTree } from "./soft-fixture.ts";
import { softFamily } from "./soft-family.ts";

type Sweep = { threshold: number; precision: number; recall: number; f1: number }[];

function soft(
  taxonomy: Taxonomy,
  gold: LabelFile,
  pred: LabelFile,
  options: { threshold?: number; extra?: Record<string, unknown> } = {},
): FamilyResult {
  const ctx = scoringContext(taxonomy, options);
  return new ScoreAccumulator(ctx, [softFamily]).update(prepareDocuments(ctx, gold, pred)).compute().soft as FamilyResult;
}

function hierarchical(taxonomy: Taxonomy, gold: LabelFile, pred: LabelFile, threshold: number): FamilyResult {
  const ctx = scoringContext(taxonomy, { threshold });
  return new ScoreAccumulator(ctx, [hierarchicalFamily]).update(prepareDocuments(ctx, gold, pred)).compute().hierarchical as FamilyResult;
}

const t = smallTree();
const LEAVES = ["A1", "A2", "B1", "B2"];

/** 1–12 documents of the small tree: a gold leaf and up to 4 scores in twentieths. */
const softDocuments = fc.array(
  fc.record({
    gold: fc.constantFrom(...LEAVES),
    scores: fc.dictionary(
      fc.constantFrom("A", "B", ...LEAVES),
      fc.integer({ min: 0, max: 20 }).map((k) => k / 20),
      { maxKeys: 4 },
    ),
  }),
  { minLength: 1, maxLength: 12 },
);

/** The gold and prediction files of such documents. */
function treeFiles(docs: { gold: string; scores: Record<string, number> }[]): { gold: LabelFile; pred: LabelFile } {
  return {
    gold: goldOf(
      t,
      docs.map((d) => [d.gold]),
    ),
    pred: scoresOf(
      t,
      docs.map((d) => d.scores),
    ),
  };
}

describe("softFamily", () => {
  it("scores a worked example: sweep, hierarchy-consistent thresholds, AU(PRC) and B̄_a", () => {
    // d0: gold A/A1, scores A1 0.6, A2 0.2, B1 0.1 → effective A1 .6, A .6, A2 .2, B1 .1, B .1
    // d1: gold B/B2, scores B2 0.9, A1 0.3        → effective B2 .9, B .9, A1 .3, A .3
    const gold = goldOf(t, [
      ["A", "A1"],
      ["B", "B2"],
    ]);
    const pred = scoresOf(t, [
      { A1: 0.6, A2: 0.2, B1: 0.1 },
      { B2: 0.9, A1: 0.3 },
    ]);
    const result = soft(t, gold, pred, { extra: { soft: { thresholds: [0.25, 0.5, 1] } } });
    expect(result.input).toBe("scores");
    // t = 0.5: d0 predicts {A1, A} (A implied by A1), d1 {B2, B}: all 4 correct of 4 gold
    // t = 0.25: adds A1, A for d1 (wrong): hP = 4/6, hR = 1
    // t = 1: nothing predicted
    expect((result.sweep as Sweep).map(({ threshold, precision, recall }) => [threshold, precision, recall])).toEqual([
      [0.25, 4 / 6, 1],
      [0.5, 1, 1],
      [1, 0, 0],
    ]);
    expect(result.best).toEqual({ threshold: 0.5, precision: 1, recall: 1, f1: 1 });
    // pooled pairs (2 docs × 6 labels): positives d0 A,A1 (.6,.6), d1 B,B2 (.9,.9); negatives .2,.1,.1 (d0), .3,.3 (d1), and 5 zeros
    const pairs: [number, boolean][] = [
      [0.6, true],
      [0.6, true],
      [0.9, true],
      [0.9, true],
      [0.2, false],
      [0.1, false],
      [0.1, false],
      [0.3, false],
      [0.3, false],
    ];
    for (let k = 0; k < 3; k++) pairs.push([0, false]);
    expect(result.auprc).toBe(1);
    expect(areaUnderPrCurve(exactPoints(pairs), 4)).toBe(1);
    // B̄: rows A1 (d0) and B2 (d1). A1: B_0 .6, B_1 {A, A2} .2, B_2 {B, B1, B2} .1; B2: B_0 .9, B_1 {B, B1} 0, B_2 {A, A1, A2} .3
    const confusion = result.confusion as Record<string, number>;
    expect(confusion[0]).toBeCloseTo(0.75, 15);
    expect(confusion[1]).toBeCloseTo(0.1, 15);
    expect(confusion[2]).toBeCloseTo(0.2, 15);
  });

  it('is selected by evaluate with metrics ["soft"] (the TSDoc example)', () => {
    const gold = goldOf(t, [["A", "A1"], ["B", "B2"], ["A2"]]);
    const pred = scoresOf(t, [
      { A1: 0.6, A2: 0.2 },
      { B2: 0.45, B1: 0.5 },
      { A2: 0.3, A: 0.7 },
    ]);
    const result = evaluate({ taxonomy: t, gold, pred, metrics: ["soft"] }).soft as FamilyResult;
    expect(result.input).toBe("scores");
    // the 18 pooled (document, class) pairs with their effective scores
    const pairs: [number, boolean][] = [
      [0.6, true],
      [0.6, true],
      [0.2, false],
      [0, false],
      [0, false],
      [0, false], // d0: A, A1 | A2, B, B1, B2
      [0.5, true],
      [0.45, true],
      [0.5, false],
      [0, false],
      [0, false],
      [0, false], // d1: B, B2 | B1, A, A1, A2
      [0.7, true],
      [0.3, true],
      [0, false],
      [0, false],
      [0, false],
      [0, false], // d2: A, A2 | A1, B, B1, B2
    ];
    expect(result.auprc).toBeCloseTo(areaUnderPrCurve(exactPoints(pairs), 6), 14);
    // by hand: 0.5 (up to recall 1/2 at precision 1) + [0.5 + 0.75·ln(5/3)]/6 + [1 − ln(6/5)]/6 + [1 − ln(7/6)]/6
    expect(result.auprc).toBeCloseTo(0.5 + (0.5 + 0.75 * Math.log(5 / 3)) / 6 + (1 - Math.log(6 / 5)) / 6 + (1 - Math.log(7 / 6)) / 6, 14);
    // effective scores: d0 A1 .6, A .6, A2 .2; d1 B .5, B1 .5, B2 .45; d2 A .7, A2 .3. From 0.25 to 0.3 every gold
    // node is predicted and only d1's B1 is wrong: hP 6/7, hR 1, the sweep's best hF1 = 12/13 at its lowest threshold, 0.25
    const best = result.best as { threshold: number; precision: number; recall: number; f1: number };
    expect(best.threshold).toBe(0.25);
    expect(best.precision).toBeCloseTo(6 / 7, 14);
    expect(best.recall).toBe(1);
    expect(best.f1).toBeCloseTo(12 / 13, 14);
    expect(Object.keys(result.confusion as object)).toEqual(["0", "1", "2"]);
    expect(evaluate({ taxonomy: t, gold, pred }).soft).toBeUndefined();
  });

  it("each sweep point equals the set-based family at that --threshold (property)", () => {
    fc.assert(
      fc.property(softDocuments, (docs) => {
        const { gold, pred } = treeFiles(docs);
        const thresholds = [0.05, 0.3, 0.5, 0.85, 1];
        const sweep = soft(t, gold, pred, { extra: { soft: { thresholds } } }).sweep as Sweep;
        thresholds.forEach((threshold, k) => {
          const h = hierarchical(t, gold, pred, threshold);
          expect(sweep[k]!.precision).toBeCloseTo(h.precision as number, 12);
          expect(sweep[k]!.recall).toBeCloseTo(h.recall as number, 12);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("reduced for measures only (a resample's), gives the same measures, bit for bit, and no sweep points (property)", () => {
    fc.assert(
      fc.property(softDocuments, fc.constantFrom(0, 1, "nan"), (docs, zeroDivision) => {
        const { gold, pred } = treeFiles(docs);
        const ctx = scoringContext(t, { zeroDivision });
        const accumulator = new ScoreAccumulator(ctx, [softFamily]).update(prepareDocuments(ctx, gold, pred));
        const full = accumulator.familyReducer(0, accumulator.sums)();
        const measuresOnly = accumulator.familyReducer(0, accumulator.sums, true)();
        expect((full.sweep as Sweep).length).toBeGreaterThan(0);
        expect(measuresOnly.sweep).toEqual([]);
        expect(flattenMeasures(measuresOnly, { keepNaN: true })).toStrictEqual(flattenMeasures(full, { keepNaN: true }));
        expect(measuresOnly.best).toStrictEqual(full.best);
      }),
      { numRuns: 60 },
    );
  });

  it("in a DAG too, each sweep point equals the set-based family at that --threshold (property)", () => {
    const dag = buildTaxonomy(
      (
        [
          [null, "X"],
          [null, "Y"],
          ["X", "Z"],
          ["Y", "Z"],
          ["Z", "W"],
          ["Y", "V"],
          ["V", "W"],
        ] as const
      ).map(([parent, child], i) => ({ parent, child, line: i + 1 })),
    );
    const names = ["X", "Y", "Z", "W", "V"];
    const doc = fc.record({
      gold: fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }),
      scores: fc.dictionary(
        fc.constantFrom(...names),
        fc.integer({ min: 0, max: 10 }).map((k) => k / 10),
        { maxKeys: 3 },
      ),
    });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 8 }), (docs) => {
        const gold = goldOf(
          dag,
          docs.map((d) => d.gold),
        );
        const pred = scoresOf(
          dag,
          docs.map((d) => d.scores),
        );
        const sweep = soft(dag, gold, pred, { extra: { soft: { thresholdStep: 0.1 } } }).sweep as Sweep;
        sweep.forEach(({ threshold, precision, recall }) => {
          const h = hierarchical(dag, gold, pred, threshold);
          expect(precision).toBeCloseTo(h.precision as number, 12);
          expect(recall).toBeCloseTo(h.recall as number, 12);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("AU(PRC) from the score histogram equals the exact pooled curve for scores with ≤ 4 decimals (property)", () => {
    const score = fc.integer({ min: 0, max: 10_000 }).map((k) => k / 10_000);
    const doc = fc.record({ gold: fc.constantFrom(...LEAVES), scores: fc.dictionary(fc.constantFrom(...LEAVES), score, { maxKeys: 4 }) });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 10 }), (docs) => {
        const { gold, pred } = treeFiles(docs);
        const pairs: [number, boolean][] = [];
        docs.forEach((d) => {
          for (const name of ["A", "B", ...LEAVES]) {
            const own = d.scores[name] ?? 0;
            const below = LEAVES.filter((leaf) => leaf[0] === name).map((leaf) => d.scores[leaf] ?? 0);
            pairs.push([Math.max(own, ...below), name === d.gold || name === d.gold[0]]);
          }
        });
        const expected = areaUnderPrCurve(exactPoints(pairs), 2 * docs.length);
        expect(soft(t, gold, pred).auprc as number).toBeCloseTo(expected, 10);
      }),
      { numRuns: 80 },
    );
  });

  it("treats a hard prediction as scores of 1: perfect labels give AU(PRC) 1 and B̄_0 1", () => {
    const gold = goldOf(t, [["A", "A1"], ["B2"]]);
    const pred = parseLabelText("d0\tA1\nd1\tB2", { taxonomy: t, role: "prediction" });
    const result = soft(t, gold, pred);
    expect(result.input).toBe("labels");
    expect(result.auprc).toBe(1);
    expect((result.best as { f1: number }).f1).toBe(1);
    expect((result.confusion as Record<string, number>)[0]).toBe(1);
    expect((result.rms as Record<string, number>)[0]).toBe(0);
  });

  it("sharded and merged equals the whole", () => {
    const gold = goldOf(t, [["A1"], ["B2"], ["A2"]]);
    const pred = scoresOf(t, [{ A1: 0.55, B: 0.2 }, { B2: 0.35 }, { A1: 0.9, A2: 0.45 }]);
    const ctx = scoringContext(t);
    const docs = [...prepareDocuments(ctx, gold, pred)];
    const whole = new ScoreAccumulator(ctx, [softFamily]).update(docs);
    const left = new ScoreAccumulator(ctx, [softFamily]).update(docs.slice(0, 1));
    const right = new ScoreAccumulator(ctx, [softFamily]).update(docs.slice(1));
    expect(left.merge(right).compute()).toEqual(whole.compute());
  });

  it("leaves B̄_a and δ̄_a out above maxConfusionLabels, and says so", () => {
    const gold = goldOf(t, [["A1"]]);
    const result = soft(t, gold, scoresOf(t, [{ A1: 0.5 }]), { extra: { soft: { maxConfusionLabels: 3 } } });
    expect(result.confusion).toBeUndefined();
    expect(result.undefined).toEqual(["confusion", "rms"]);
  });

  it("refuses soft scores outside [0, 1] when the file is read", () => {
    for (const bad of [1.5, -0.1]) {
      let error: unknown;
      try {
        scoresOf(t, [{ A1: bad }]);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).code).toBe("BAD_SCORE");
      expect((error as InputError).message).toContain(`expected the score of "A1" to be a number in [0, 1], got "${bad}"`);
    }
  });
});
