import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import { idsOf, SMALL_DAG_EDGES, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { mgiaFamily, mgiaOptions } from "./mgia-family.ts";
import { mgia, pairCosts } from "./mgia.ts";
import { mgiaNetworkError } from "./mgia-network-error.ts";
import { minCostAssignment } from "./min-cost-assignment.ts";
import { classDistance } from "../lca/ancestor-distances.ts";

describe("the doc examples", () => {
  // A → {B, C}
  const t = taxonomyOf([
    [null, "A"],
    ["A", "B"],
    ["A", "C"],
  ]);
  const [B, C] = idsOf(t, ["B", "C"]) as [number, number];

  it("mirrors the pairCosts and mgia @examples: siblings at distance 2, D = 4", () => {
    // GIE pairs C with B once (2); the MGIA network links B and C once too: E = 2.
    expect(pairCosts(t, [B], [C], 4)).toEqual({ gie: 2, union: 2 });
    expect(mgia(t, [B], [C], 4)).toBe(0.75);
    expect(mgia(t, [], [], 4)).toBeUndefined();
  });

  it("mirrors the minCostAssignment @example", () => {
    expect(minCostAssignment(Float64Array.of(4, 1, 2, 3), 2)).toBe(3);
    expect(minCostAssignment(new Float64Array(0), 0)).toBe(0);
  });

  it("mirrors the mgiaOptions @example", () => {
    expect(mgiaOptions(scoringContext(t))).toEqual({ defaultClassCost: 2 * t.maxDepth });
    expect(mgiaOptions(scoringContext(t, { extra: { mgia: { defaultClassCost: 3 } } }))).toEqual({ defaultClassCost: 3 });
  });
});

describe("MGIA and GIE by hand", () => {
  // root → A, B; A → A1, A2; A1 → A1a; B → B1. maxDepth 3, so the default D = 6.
  const t = taxonomyOf([
    [null, "A"],
    [null, "B"],
    ["A", "A1"],
    ["A", "A2"],
    ["A1", "A1a"],
    ["B", "B1"],
  ]);
  const costs = (gold: string[], pred: string[], D: number) => {
    const [g, p] = [idsOf(t, gold), idsOf(t, pred)];
    return { gie: pairCosts(t, g, p, D).gie, mgiaError: mgiaNetworkError(t, g, p, D).error, union: pairCosts(t, g, p, D).union };
  };

  // d0: Y = {A1a}, Ŷ = {A2}. d(A1a, A2) = 2 + 1 = 3 (through A).
  //     GIE = 3 (pairing them beats 6 + 6); E = 3: A1a–A2 are mutually nearest, one pair charged once;
  //     MGIA = 1 − 3/(6·2) = 3/4.
  // d1: Y = {A1, B1}, Ŷ = {A1}. d(A1, B1) = 2 + 2 = 4 (through the root).
  //     GIE = 0 (A1–A1) + 6 (B1 to the default) = 6, better than A1–B1 (4) + A1 to the default (6).
  //     E = 0 (A1–A1) + 4 (B1–A1) = 4; MGIA = 1 − 4/(6·2) = 2/3.
  // d2: Y = {B}, Ŷ = ∅: everything to the default: GIE = E = 6, MGIA = 1 − 6/6 = 0.
  it("per document, D = 6", () => {
    expect(costs(["A1a"], ["A2"], 6)).toEqual({ gie: 3, mgiaError: 3, union: 2 });
    expect(costs(["A1", "B1"], ["A1"], 6)).toEqual({ gie: 6, mgiaError: 4, union: 2 });
    expect(costs(["B"], [], 6)).toEqual({ gie: 6, mgiaError: 6, union: 1 });
  });

  it("the family: mean MGIA 17/36, pooled 17/30, mean error 13/3, mean GIE 5", () => {
    const r = scoreWith(mgiaFamily, t, [
      { gold: ["A1a"], pred: ["A2"] },
      { gold: ["A1", "B1"], pred: ["A1"] },
      { gold: ["B"], pred: [] },
    ]);
    expect(r.defaultClassCost).toBe(6);
    expect(r.accuracy).toBeCloseTo((3 / 4 + 2 / 3 + 0) / 3, 15); // 17/36
    expect((r.micro as { accuracy: number }).accuracy).toBeCloseTo(1 - 13 / 30, 15); // 17/30
    expect(r.error).toBeCloseTo(13 / 3, 15);
    // HEMKit's form divides by D·|Y Δ Ŷ|: (1 − 3/12 + 1 − 4/6 + 1 − 6/6) / 3.
    expect((r.hemkit as { accuracy: number }).accuracy).toBeCloseTo((3 / 4 + 1 / 3 + 0) / 3, 15);
    expect(r.gie).toBe(5);
    expect(r.undefined).toEqual([]);
  });

  // The same documents with D = 2: the default class now undercuts long pairs.
  // d0: GIE = min(3, 2 + 2) = 3; d = 3 ≥ D, so A1a and A2 each go to the default: E = 4; MGIA = 1 − 4/4 = 0.
  // d1: GIE = 0 + 2 = 2; E = 0 + 2 (B1 to the default, 4 ≥ D) = 2; MGIA = 1 − 2/4 = 1/2.
  // d2: GIE = E = 2; MGIA = 0.
  it("the default-class cost is a parameter (D = 2)", () => {
    expect(costs(["A1a"], ["A2"], 2)).toEqual({ gie: 3, mgiaError: 4, union: 2 });
    expect(costs(["A1", "B1"], ["A1"], 2)).toEqual({ gie: 2, mgiaError: 2, union: 2 });
    const r = scoreWith(
      mgiaFamily,
      t,
      [
        { gold: ["A1a"], pred: ["A2"] },
        { gold: ["A1", "B1"], pred: ["A1"] },
        { gold: ["B"], pred: [] },
      ],
      { extra: { mgia: { defaultClassCost: 2 } } },
    );
    expect(r).toMatchObject({ defaultClassCost: 2, accuracy: 1 / 6, gie: 7 / 3, error: 8 / 3 });
    expect((r.micro as { accuracy: number }).accuracy).toBeCloseTo(1 - 8 / 10, 15);
  });

  it("single label on a tree: GIE is Dekel et al.'s tree induced error", () => {
    expect(costs(["A1a"], ["B1"], 6).gie).toBe(5); // A1a ↑A1 ↑A ↑root ↓B ↓B1
    expect(costs(["A1a"], ["A1"], 6).gie).toBe(1); // under-specialisation by one level
    expect(costs(["A1"], ["A1a"], 6).gie).toBe(1); // over-specialisation by one level
  });

  // Figure 2(d)'s pairing problem: Y = {A1, A2}, Ŷ = {A}. GIE pairs A with one
  // child only (1) and sends the other to the default (6): 7. MGIA lets A pair
  // with both, each pair charged once: E = 1 (A–A1) + 1 (A–A2) = 2; MGIA = 1 − 2/(6·3) = 8/9.
  it("MGIA's multiple pairing versus GIE's one-to-one pairing", () => {
    expect(costs(["A1", "A2"], ["A"], 6)).toEqual({ gie: 7, mgiaError: 2, union: 3 });
    expect(mgia(t, idsOf(t, ["A1", "A2"]), idsOf(t, ["A"]), 6)).toBeCloseTo(8 / 9, 15);
  });

  it("a perfect prediction: MGIA 1, GIE 0; disjoint far sets: MGIA 0", () => {
    const r = scoreWith(mgiaFamily, t, [{ gold: ["A1a", "A", "B1"], pred: ["B1", "A1a", "A"] }]);
    expect(r).toMatchObject({ accuracy: 1, micro: { accuracy: 1 }, error: 0, gie: 0 });
    // A1a and B1 are 3 + 2 = 5 apart; with D = 5 both sides cost D, so MGIA = 0.
    expect(mgia(t, idsOf(t, ["A1a"]), idsOf(t, ["B1"]), 5)).toBe(0);
  });
});

describe("MGIA on the paper's DAG (Figure 8b)", () => {
  const t = taxonomyOf([
    [null, "1"],
    [null, "2"],
    [null, "3"],
    ["2", "2.1"],
    ["3", "2.1"],
    ["3", "3.1"],
    ["3", "3.2"],
    ["3", "3.3"],
    ["3.2", "3.2.1"],
    ["3.2", "3.2.2"],
    ["3", "3.2.2"],
  ]);
  // Y = {2.1, 3.2.1, 3.3}, Ŷ = {3.1, 3.2.1, 3.2.2}; ids 2.1 = 4, 3.1 = 5, 3.3 = 7, 3.2.1 = 8, 3.2.2 = 9.
  // Links (predicted, gold, cost), nearest partners through 3 or 3.2:
  //   3.2.1–3.2.1 at 0; 2.1: 3.1 and 3.2.2 at 2; 3.3: 3.1 and 3.2.2 at 2;
  //   3.1: 2.1 and 3.3 (already linked); 3.2.2: 2.1, 3.3 (linked) and 3.2.1 at 2.
  // Pruning, costliest first, then larger predicted id, then larger gold id:
  //   (3.2.2, 3.2.1) goes (3.2.2 has 3 links, 3.2.1 has 2); (3.2.2, 3.3) goes (2 and 2);
  //   (3.2.2, 2.1) stays (3.2.2 has 1 left); (3.1, 3.3) stays (3.3 has 1 left);
  //   (3.1, 2.1) goes (2 and 2); (3.2.1, 3.2.1) stays.
  //   E = 2 + 2 + 0 = 4; |Y ∪ Ŷ| = 5; D = 2·maxDepth = 6: MGIA = 1 − 4/30 = 13/15.
  //   GIE: 3.2.1–3.2.1 (0), then 2.1 and 3.3 against 3.1 and 3.2.2, all at 2: 0 + 2 + 2 = 4.
  it("E = 4, MGIA = 13/15, GIE = 4", () => {
    const [gold, pred] = [idsOf(t, ["2.1", "3.2.1", "3.3"]), idsOf(t, ["3.1", "3.2.1", "3.2.2"])];
    expect(pairCosts(t, gold, pred, 6)).toEqual({ gie: 4, union: 5 });
    expect(mgiaNetworkError(t, gold, pred, 6)).toEqual({ error: 4, union: 5, symmetricDifference: 4 });
    expect(mgia(t, gold, pred, 6)).toBeCloseTo(13 / 15, 15);
  });
});

describe("MGIA properties", () => {
  it("the assignment solver agrees with brute force", () => {
    const permutations = (n: number): number[][] =>
      n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n * n, maxLength: n * n }))),
        ([n, values]) => {
          const cost = Float64Array.from(values);
          const brute = Math.min(...permutations(n).map((p) => p.reduce((s, j, i) => s + cost[i * n + j]!, 0)));
          expect(minCostAssignment(cost, n)).toBe(brute);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the rectangular solver agrees with brute force over every injection of the rows", () => {
    const injections = (rows: number, columns: number): number[][] =>
      rows === 0
        ? [[]]
        : injections(rows - 1, columns).flatMap((p) =>
            Array.from({ length: columns }, (_, j) => j)
              .filter((j) => !p.includes(j))
              .map((j) => [...p, j]),
          );
    fc.assert(
      fc.property(
        fc
          .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }))
          .chain(([rows, extra]) =>
            fc.tuple(
              fc.constant(rows),
              fc.constant(rows + extra),
              fc.array(fc.integer({ min: -20, max: 20 }), { minLength: rows * (rows + extra), maxLength: rows * (rows + extra) }),
            ),
          ),
        ([rows, columns, values]) => {
          const cost = Float64Array.from(values);
          const brute = Math.min(...injections(rows, columns).map((p) => p.reduce((s, j, i) => s + cost[i * columns + j]!, 0)));
          expect(minCostAssignment(cost, rows, columns)).toBe(brute);
        },
      ),
      { numRuns: 300 },
    );
    expect(() => minCostAssignment(new Float64Array(2), 2, 1)).toThrow(
      "expected at most as many rows as columns, got 2 rows and 1 columns",
    );
  });

  it("GIE equals the square assignment of the paper's construction (predicted and default rows, gold and default columns)", () => {
    const t = taxonomyOf(SMALL_DAG_EDGES);
    const square = (gold: number[], pred: number[], D: number): number => {
      const m = pred.length;
      const k = gold.length;
      const n = m + k;
      const cost = new Float64Array(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) cost[i * n + j] = i < m && j < k ? classDistance(t, pred[i]!, gold[j]!) : i < m || j < k ? D : 0;
      return minCostAssignment(cost, n);
    };
    const label = fc.integer({ min: 1, max: t.size });
    fc.assert(
      fc.property(
        fc.uniqueArray(label, { maxLength: 5 }),
        fc.uniqueArray(label, { maxLength: 5 }),
        fc.integer({ min: 1, max: 12 }),
        (gold, pred, D) => {
          expect(pairCosts(t, gold, pred, D).gie).toBe(square(gold, pred, D));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("MGIA stays in [0, 1] and GIE ≤ D·(|Y| + |Ŷ|)", () => {
    const t = taxonomyOf(SMALL_DAG_EDGES);
    const label = fc.integer({ min: 1, max: t.size });
    fc.assert(
      fc.property(
        fc.uniqueArray(label, { maxLength: 4 }),
        fc.uniqueArray(label, { maxLength: 4 }),
        fc.double({ min: 0.1, max: 20, noNaN: true }),
        (gold, pred, D) => {
          const value = mgia(t, gold, pred, D);
          if (gold.length + pred.length === 0) expect(value).toBeUndefined();
          else {
            expect(value).toBeGreaterThanOrEqual(-1e-12);
            expect(value).toBeLessThanOrEqual(1);
          }
          expect(pairCosts(t, gold, pred, D).gie).toBeLessThanOrEqual(D * (gold.length + pred.length) + 1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("MGIA options", () => {
  const t = taxonomyOf([[null, "A"]]);
  const run = (extra: Record<string, unknown>) => () => scoreWith(mgiaFamily, t, [{ gold: ["A"], pred: ["A"] }], { extra });

  it("refuses a default-class cost that is not a finite number > 0", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "6", null]) {
      expect(run({ mgia: { defaultClassCost: bad } })).toThrow(InputError);
    }
    expect(run({ mgia: { defaultClassCost: -1 } })).toThrow("expected mgia.defaultClassCost to be a finite number > 0, got -1");
    expect(run({ mgia: { defaultClassCost: "6" } })).toThrow('expected mgia.defaultClassCost to be a finite number > 0, got "6"');
    expect(run({ mgia: { defaultCost: 6 } })).toThrow('expected mgia options among "defaultClassCost", got "defaultCost"');
    expect(run({ mgia: 6 })).toThrow('expected mgia options to be an object such as { "defaultClassCost": 6 }, got 6');
  });

  it("uses 2·maxDepth, at least 1, by default", () => {
    expect(scoreWith(mgiaFamily, t, [{ gold: ["A"], pred: ["A"] }]).defaultClassCost).toBe(2);
  });
});

describe("the mgia family @example", () => {
  it("through evaluate", () => {
    const t = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["A", "C"],
    ]);
    const gold = parseLabelText("d0\tB\n", { taxonomy: t, role: "gold" });
    const pred = parseLabelText("d0\tC\n", { taxonomy: t, role: "prediction" });
    const mgiaResult = evaluate({ taxonomy: t, gold, pred, metrics: ["mgia"], extra: { mgia: { defaultClassCost: 4 } } }).mgia;
    expect(mgiaResult).toMatchObject({ accuracy: 0.75, gie: 2, defaultClassCost: 4 });
  });
});
