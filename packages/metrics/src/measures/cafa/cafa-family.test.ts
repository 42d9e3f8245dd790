import { describe, expect, it } from "vitest";
import { evaluate } from "../../engine/evaluate.ts";
import { InputError } from "../../errors/input-error.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { cafaOptions, cafaThresholds } from "./cafa-options.ts";
import { keepGoldProteins } from "./keep-gold-proteins.ts";
import { knownGoldTerms } from "./known-gold-terms.ts";
import { parseIaFile } from "./parse-ia-file.ts";

/** Hand-made DAG: R1{A, B}, C under both A and B; R2{D}; R3{E}. */
const taxonomy = buildTaxonomy(
  [
    [null, "R1"],
    ["R1", "A"],
    ["R1", "B"],
    ["A", "C"],
    ["B", "C"],
    [null, "R2"],
    ["R2", "D"],
    [null, "R3"],
    ["R3", "E"],
  ].map(([parent, child], i) => ({ parent: parent ?? null, child: child!, line: i + 1 })),
);
const gold = parseLabelText("p1\tC\np2\tA\np3\tD\n", { taxonomy, role: "gold" });
const scores = (lines: Record<string, Record<string, number>>) =>
  parseLabelText(
    Object.entries(lines)
      .map(([id, s]) => JSON.stringify({ id, scores: s }))
      .join("\n"),
    { taxonomy, role: "prediction", format: "jsonl" },
  );
const pred = scores({ p1: { C: 0.6, B: 0.3 }, p2: { B: 0.8 }, p3: { A: 0.9 } });

type Namespace = Record<string, number & string> & { curve: Record<string, number[]> };
function cafa(options: Record<string, unknown>, predictions = pred): Record<string, Namespace> {
  const result = evaluate({ taxonomy, gold, pred: predictions, metrics: ["cafa"], extra: { cafa: { thresholdStep: 0.25, ...options } } });
  return (result.cafa as { namespaces: Record<string, Namespace> }).namespaces;
}

describe("cafa family on a hand-checked DAG (thresholds 0.25, 0.5, 0.75)", () => {
  it("computes Fmax, Smin and the curve under max propagation, roots included", () => {
    const r1 = cafa({}).R1!;
    // τ 0.25 and 0.5: p1 predicts {R1, A, B, C} = its gold; p2 predicts {R1, B} against {R1, A}.
    // τ 0.75: only p2 predicts: pr = 0.5 / 1, rc = (0 + 0.5) / 2.
    expect(r1.curve.tau).toEqual([0.25, 0.5, 0.75]);
    expect(r1.curve.f![0]).toBeCloseTo(0.75, 12);
    expect(r1.curve.f![2]).toBeCloseTo(1 / 3, 12);
    expect(r1.curve.ru).toEqual([0.5, 0.5, 2.5]);
    expect(r1).toMatchObject({ status: "ok", nGoldProteins: 2, fmaxThreshold: 0.25, nPredictedAtFmax: 2, coverageAtFmax: 1 });
    expect(r1.fmax).toBeCloseTo(0.75, 12);
    expect(r1.smin).toBeCloseTo(Math.SQRT1_2, 12);
    expect(r1.sminThreshold).toBe(0.25);
    expect(r1.wfmax).toBeUndefined();
  });

  it("keeps an explicit ancestor score under fill propagation", () => {
    // fill: B keeps its own 0.3, so at τ 0.5 p1 predicts {R1, A, C}: precision 1, recall 3/4.
    const f = cafa({ propagation: "fill" }).R1!.curve.f!;
    expect(f[1]).toBeCloseTo((2 * 0.75 * 0.625) / 1.375, 12);
    expect(cafa({}).R1!.curve.f![1]).toBeCloseTo(0.75, 12);
  });

  it("leaves roots out of the unweighted measures with excludeRoots", () => {
    // p1 predicts {A, B, C} = its gold; p2 predicts {B} against {A}: pr = rc = (1 + 0) / 2.
    expect(cafa({ excludeRoots: true }).R1!.fmax).toBeCloseTo(0.5, 12);
  });

  it("normalises by the gold proteins (gt) or the predicting ones (pred)", () => {
    expect(cafa({ normalisation: "gt" }).R1!.curve.pr![2]).toBeCloseTo(0.25, 12);
    const pred = cafa({ normalisation: "pred" }).R1!.curve;
    expect(pred.rc![2]).toBeCloseTo(0.5, 12);
    expect(pred.ru![2]).toBeCloseTo(5, 12);
  });

  it("weights terms by information accretion, B and R1 weighing nothing", () => {
    const r1 = cafa({ ia: { A: 1, C: 2, Z: 5 } }).R1!;
    // τ 0.25: p1 weighted precision 1, recall 1; p2 predicts no weighted term: n_w = 1, rc_w = (1 + 0) / 2.
    expect(r1.wfmax).toBeCloseTo(2 / 3, 12);
    expect(r1.wfmaxThreshold).toBe(0.25);
    expect(r1.nPredictedWAtWfmax).toBe(1);
    expect(r1.curve.sW).toEqual([0.5, 0.5, 2]);
    expect(r1.wsmin).toBe(0.5);
    expect(r1.wsminThreshold).toBe(0.25);
  });

  it("says which namespaces it cannot score", () => {
    const namespaces = cafa({});
    expect(namespaces.R2).toEqual({ status: "no_predictions", nGoldProteins: 1 });
    expect(namespaces.R3).toEqual({ status: "no_gold" });
    expect(cafa({}, scores({ p1: { C: 0.1 } })).R1).toEqual({ status: "no_coverage", nGoldProteins: 2 });
  });

  it("ignores scores on namespaces where the protein has no gold", () => {
    // p3's score on A (namespace R1, where p3 has no gold) changes nothing.
    expect(cafa({}, scores({ p1: { C: 0.6, B: 0.3 }, p2: { B: 0.8 } })).R1).toEqual(cafa({}).R1);
  });
});

describe("cafa thresholds", () => {
  it("are h + i·h in doubles, as CAFA-evaluator computes them", () => {
    const t = cafaThresholds(0.01);
    expect(t.length).toBe(99);
    expect(t[5]).toBe(0.060000000000000005);
    expect(t[6]).toBe(0.06999999999999999);
    expect(t[98]).toBe(0.99);
  });

  it("drop a score of exactly 0.06 one threshold early", () => {
    const result = evaluate({ taxonomy, gold, pred: scores({ p2: { A: 0.06 } }), metrics: ["cafa"] });
    const r1 = (result.cafa as { namespaces: Record<string, Namespace> }).namespaces.R1!;
    expect(r1.curve.tau!.at(-1)).toBe(0.05);
  });
});

describe("cafa bad input", () => {
  const error = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (e instanceof InputError) return e;
    }
    throw new Error("expected an InputError");
  };

  it("refuses unknown options and values, saying what was expected", () => {
    expect(error(() => cafaOptions({ cafa: { propagation: "min" } })).message).toContain(
      'expected cafa propagation "max" or "fill", got "min"',
    );
    expect(error(() => cafaOptions({ cafa: { normalisation: "all" } })).code).toBe("BAD_OPTION");
    expect(error(() => cafaOptions({ cafa: { thresholdStep: 1.5 } })).message).toContain("thresholdStep");
    expect(error(() => cafaOptions({ cafa: { excludeRoots: "yes" } })).message).toContain("excludeRoots");
    expect(error(() => cafaOptions({ cafa: { thresholds: [0.5] } })).message).toContain("a cafa option among");
    expect(error(() => cafaOptions({ cafa: { ia: { A: "1" } } })).message).toContain('weight of "A"');
  });

  it("refuses a malformed IA file, every bad line with its number", () => {
    const e = error(() => parseIaFile("A\t1\nB\n\nC\tx\nA\t2\n", "ia.tsv"));
    expect(e.message).toContain("ia.tsv:2");
    expect(e.message).toMatch(/and 2 more problems/);
    expect(error(() => parseIaFile("C\t-1\n", "ia.tsv")).message).toBe('ia.tsv:1: expected a finite weight ≥ 0 for "C", got "-1"');
    expect(error(() => parseIaFile("\n", "ia.tsv")).code).toBe("EMPTY_FILE");
    expect(parseIaFile("A\t0.5\nZ\t0\n")).toEqual(
      new Map([
        ["A", 0.5],
        ["Z", 0],
      ]),
    );
  });

  it("refuses scores outside [0, 1] with the line number (a score of 0 predicts nothing)", () => {
    const e = error(() => scores({ p1: { A: 0.5 }, p2: { A: 1.5 } }));
    expect(e.code).toBe("BAD_SCORE");
    expect(e.line).toBe(2);
    expect(cafa({}, scores({ p1: { C: 0 }, p2: { B: 0.8 } })).R1!.nPredictedAtFmax).toBe(1);
  });

  it("leaves out unknown gold terms and ignores proteins absent from the gold, as CAFA-evaluator does", () => {
    expect(knownGoldTerms("p1\tC\tGHOST\np9\tGHOST\n", taxonomy)).toEqual({ text: "p1\tC", dropped: 2 });
    const kept = keepGoldProteins(scores({ p1: { C: 0.6 }, ghost: { C: 0.9 } }), gold);
    expect([...kept.entries.keys()]).toEqual(["p1"]);
    expect(kept.warnings.at(-1)).toContain("ignored 1 protein(s) absent from the gold file");
  });
});
