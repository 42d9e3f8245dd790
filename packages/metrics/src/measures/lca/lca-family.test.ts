import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { evaluate } from "../../engine/evaluate.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { idsOf, scoreWith, taxonomyOf } from "../testing/family-test-kit.ts";
import { classDistance, connect, nodesOnShortestUpPaths, shortestUpPaths, upDistance, upDistances } from "./ancestor-distances.ts";
import { lcaCounts, lcaFamily, lcaOptions } from "./lca-family.ts";
import { hemkitLcaGraphs } from "./hemkit-lca-graphs.ts";
import { mostSpecific } from "./hemkit-meeting-pairs.ts";
import { lcaAugmentedSets, lcaWithSet, type LcaGraph } from "./lca-graph.ts";
import { chooseMinimalUnion } from "./minimal-union.ts";

const names = (t: Taxonomy, ids: readonly number[]): string[] => ids.map((id) => t.names[id]!).sort();

/**
 * The DAG of the paper's Figure 8(b), rebuilt from the example's sets (the
 * figure itself is lost). With Y = {2.1, 3.2.1, 3.3}, Ŷ = {3.1, 3.2.1, 3.2.2}:
 * - LCA(2.1, Ŷ) = {3}, reaching 3.1 or 3.2.2 at the same distance, so 3.1 and
 *   3.2.2 are both at distance 1 below 3 (children of 3) and 3 is above 2.1;
 * - LCA(3.1, Y) reaches 2.1 or 3.3 (not 3.2.1), so 2.1 and 3.3 are children of 3
 *   while 3.2.1 is deeper (under 3.2);
 * - LCA(3.2.2, Y) = {3.2, 3}: 3.2.2 ↑3.2↓ 3.2.1 (2 edges) ties with
 *   3.2.2 ↑3↓ 2.1 and 3.2.2 ↑3↓ 3.3 (2 edges), so 3.2.2 has the two parents 3.2 and 3.
 * 2.1 keeps its name's parent 2 as well, so both 2.1 and 3.2.2 have two parents.
 */
const paperDag = taxonomyOf([
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
const Y = ["2.1", "3.2.1", "3.3"];
const YHAT = ["3.1", "3.2.1", "3.2.2"];

describe("LCA on the paper's Figure 8(b)/9/10 example", () => {
  const t = paperDag;
  const id = (name: string): number => idsOf(t, [name])[0]!;

  it("finds the LCAs of Definitions 2 and 3 with the shortest-path definition", () => {
    expect(connect(t, id("2.1"), id("3.1"))).toEqual({ distance: 2, lcas: [id("3")] });
    expect(connect(t, id("3.2.2"), id("3.2.1"))).toEqual({ distance: 2, lcas: [id("3.2")] });
    expect(connect(t, id("3.2.2"), id("2.1"))).toEqual({ distance: 2, lcas: [id("3")] });
    const lcaSet = (x: string, set: string[]) =>
      [
        ...new Set(
          lcaWithSet(
            t,
            id(x),
            idsOf(t, set).sort((a, b) => a - b),
          ).map((l) => t.names[l.lca]!),
        ),
      ].sort();
    const partners = (x: string, set: string[]) =>
      lcaWithSet(t, id(x), idsOf(t, set))
        .map((l) => t.names[l.partner]!)
        .sort();
    // The paper's list, item by item.
    expect([lcaSet("2.1", YHAT), partners("2.1", YHAT)]).toEqual([["3"], ["3.1", "3.2.2"]]);
    expect([lcaSet("3.3", YHAT), partners("3.3", YHAT)]).toEqual([["3"], ["3.1", "3.2.2"]]);
    expect([lcaSet("3.2.1", YHAT), partners("3.2.1", YHAT)]).toEqual([["3.2.1"], ["3.2.1"]]);
    expect([lcaSet("3.2.1", Y), partners("3.2.1", Y)]).toEqual([["3.2.1"], ["3.2.1"]]);
    expect([lcaSet("3.1", Y), partners("3.1", Y)]).toEqual([["3"], ["2.1", "3.3"]]);
    expect([lcaSet("3.2.2", Y), partners("3.2.2", Y)]).toEqual([
      ["3", "3.2"],
      ["2.1", "3.2.1", "3.3"],
    ]);
    // Definition 4: LCA_t = {3, 3.2.1}, LCA_p = {3, 3.2, 3.2.1}.
    expect([...new Set(Y.flatMap((y) => lcaSet(y, YHAT)))].sort()).toEqual(["3", "3.2.1"]);
    expect([...new Set(YHAT.flatMap((y) => lcaSet(y, Y)))].sort()).toEqual(["3", "3.2", "3.2.1"]);
  });

  it("the redundant graphs (Figure 9) give LCA-P = LCA-R = LCA-F = 0.6", () => {
    const sets = lcaAugmentedSets(t, idsOf(t, Y), idsOf(t, YHAT), "redundant");
    // G_t: 2.1↑3, 3.3↑3, 3.2.1, and 3.2.1↑3.2 from the connection 3.2.2 ↑3.2↓ 3.2.1.
    expect(names(t, sets.gold)).toEqual(["2.1", "3", "3.2", "3.2.1", "3.3"]);
    // G_p: 3.1↑3, 3.2.1, 3.2.2↑3.2 and 3.2.2↑3.
    expect(names(t, sets.predicted)).toEqual(["3", "3.1", "3.2", "3.2.1", "3.2.2"]);
    // ∩ = {3, 3.2, 3.2.1}: 3/5 each.
    const r = scoreWith(lcaFamily, t, [{ gold: Y, pred: YHAT }], { extra: { lca: { graph: "redundant" } } });
    expect(r.precision).toBeCloseTo(0.6, 15);
    expect(r.recall).toBeCloseTo(0.6, 15);
    expect(r.f1).toBeCloseTo(0.6, 15);
  });

  it("the minimal graphs (Problem 2, Figure 10) drop 3.2 and give 0.5", () => {
    const sets = lcaAugmentedSets(t, idsOf(t, Y), idsOf(t, YHAT), "minimal");
    expect(names(t, sets.gold)).toEqual(["2.1", "3", "3.2.1", "3.3"]);
    expect(names(t, sets.predicted)).toEqual(["3", "3.1", "3.2.1", "3.2.2"]);
    // ∩ = {3, 3.2.1}: 2/4 each.
    const r = scoreWith(lcaFamily, t, [{ gold: Y, pred: YHAT }], { extra: { lca: { graph: "minimal" } } });
    expect(r).toMatchObject({ graph: "minimal", tp: 2, predicted: 4, gold: 4, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(r.macro).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it("measures DAG distances along the shortest path through a common ancestor", () => {
    expect(classDistance(t, id("2.1"), id("3.2.2"))).toBe(2); // via 3, not via 3.2
    expect(classDistance(t, id("1"), id("3.2.1"))).toBe(1 + 3); // via the root
    expect(names(t, nodesOnShortestUpPaths(t, id("3.2.2"), 0))).toEqual(["", "3", "3.2.2"]);
    expect(shortestUpPaths(t, id("3.2.1"), id("3"), 16).map((p) => names(t, p))).toEqual([["3", "3.2", "3.2.1"]]);
  });
});

describe("LCA on trees, by hand", () => {
  // A → {B, C}, B → {D, E}
  const t = taxonomyOf([
    [null, "A"],
    ["A", "B"],
    ["A", "C"],
    ["B", "D"],
    ["B", "E"],
  ]);

  it("mirrors the lcaCounts @example: siblings D, E meet at B", () => {
    // Y_aug = {D, B}, Ŷ_aug = {E, B}: TP = 1 of 2 on each side.
    expect(lcaCounts(t, idsOf(t, ["D"]), idsOf(t, ["E"]))).toEqual({ tp: 1, predicted: 2, gold: 2 });
    // The ancestor-augmented hP would count A as well (2/3): LCA does not.
  });

  it("micro sums over documents, macro averages per document", () => {
    // d0: D vs E → tp 1, |Ŷ_aug| 2, |Y_aug| 2 (P = R = 0.5); d1: C vs C → 1, 1, 1 (P = R = 1).
    const r = scoreWith(lcaFamily, t, [
      { gold: ["D"], pred: ["E"] },
      { gold: ["C"], pred: ["C"] },
    ]);
    expect(r).toMatchObject({ tp: 2, predicted: 3, gold: 3 });
    expect(r.precision).toBeCloseTo(2 / 3, 15);
    expect(r.f1).toBeCloseTo(2 / 3, 15);
    expect(r.macro).toEqual({ precision: 0.75, recall: 0.75, f1: 0.75 });
  });

  it("minimal: connects through the virtual root without counting it; HEMKit (default): counts the root as a shared node", () => {
    // D vs C: LCA is A (D↑B↑A, C↑A): Y_aug = {D, B, A}, Ŷ_aug = {C, A}, in both readings.
    expect(lcaCounts(t, idsOf(t, ["D"]), idsOf(t, ["C"]), "minimal")).toEqual({ tp: 1, predicted: 2, gold: 3 });
    expect(lcaCounts(t, idsOf(t, ["D"]), idsOf(t, ["C"]))).toEqual({ tp: 1, predicted: 2, gold: 3 });
    const two = taxonomyOf([
      [null, "X"],
      [null, "Y"],
    ]);
    // X vs Y meet only at the virtual root. Minimal leaves it out: nothing shared.
    expect(lcaCounts(two, idsOf(two, ["X"]), idsOf(two, ["Y"]), "minimal")).toEqual({ tp: 0, predicted: 1, gold: 1 });
    // HEMKit: G_t = {root, X}, G_p = {root, Y}: the root is the one shared node.
    expect(lcaCounts(two, idsOf(two, ["X"]), idsOf(two, ["Y"]))).toEqual({ tp: 1, predicted: 2, gold: 2 });
  });

  it("an empty prediction: precision undefined, recall 0", () => {
    const r = scoreWith(lcaFamily, t, [{ gold: ["D"], pred: [] }]);
    expect(r).toMatchObject({ precision: 0, recall: 0, f1: 0, tp: 0, predicted: 0, gold: 1 });
    expect(r.undefined).toEqual(["precision"]);
  });

  // A tree where the minimal graph differs from the redundant one, worked by hand:
  //   A → {B, C}, B → {X, X'}, X' → {X'c}; Y = {A, X'}, Ŷ = {X, X'c}.
  // Nearest partners (d = edges through the LCA):
  //   A:   X at 2 (LCA A), X'c at 3          → G_t += {A},  G_p += {X, B, A}
  //   X':  X'c at 1 (LCA X'), X at 2         → G_t += {X'}, G_p += {X'c, X'}
  //   X:   A at 2 (LCA A) = X' at 2 (LCA B)  → a tie: either G_p += {X, B, A}, G_t += {A}
  //                                                    or     G_p += {X, B},    G_t += {X', B}
  //   X'c: X' at 1 (LCA X')                  → G_p += {X'c, X'}, G_t += {X'}
  // Redundant (both ties): G_t = {A, X', B}, G_p = {X, B, A, X'c, X'}: ∩ = 3,
  //   P = 3/5, R = 3/3, F = 2·0.6·1/1.6 = 0.75.
  // Minimal: X's first option adds nothing new, so B leaves G_t: G_t = {A, X'},
  //   G_p = {X, B, A, X'c, X'}: ∩ = 2, P = 2/5, R = 2/2, F = 0.8/1.4 = 4/7.
  const tie = taxonomyOf([
    [null, "A"],
    ["A", "B"],
    ["A", "C"],
    ["B", "X"],
    ["B", "X'"],
    ["X'", "X'c"],
  ]);

  it("a tie between LCAs: redundant F = 0.75, minimal F = 4/7 (working above)", () => {
    const docs = [{ gold: ["A", "X'"], pred: ["X", "X'c"] }];
    const redundant = lcaAugmentedSets(tie, idsOf(tie, ["A", "X'"]), idsOf(tie, ["X", "X'c"]), "redundant");
    expect([names(tie, redundant.gold), names(tie, redundant.predicted)]).toEqual([
      ["A", "B", "X'"],
      ["A", "B", "X", "X'", "X'c"],
    ]);
    const r = scoreWith(lcaFamily, tie, docs, { extra: { lca: { graph: "redundant" } } });
    expect([r.precision, r.recall]).toEqual([0.6, 1]);
    expect(r.f1).toBeCloseTo(0.75, 15);
    const m = scoreWith(lcaFamily, tie, docs, { extra: { lca: { graph: "minimal" } } });
    expect(m).toMatchObject({ tp: 2, predicted: 5, gold: 2, recall: 1 });
    expect(m.precision).toBeCloseTo(0.4, 15);
    expect(m.f1).toBeCloseTo(4 / 7, 15);
  });
});

describe("LCA properties", () => {
  // Random DAG: node i under an earlier node (or the root), sometimes under a second one.
  const dagArb = fc
    .record({
      size: fc.integer({ min: 2, max: 14 }),
      seeds: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 14, maxLength: 14 }),
    })
    .map(({ size, seeds }) => {
      const edges: [string | null, string][] = [];
      for (let i = 1; i <= size; i++) {
        const [a, b, second] = seeds[i - 1]!;
        const parent = a % i;
        edges.push([parent === 0 ? null : `n${parent}`, `n${i}`]);
        const other = b % i;
        if (second && other !== 0 && other !== parent) edges.push([`n${other}`, `n${i}`]);
      }
      return taxonomyOf(edges);
    });
  const caseArb = dagArb.chain((t) => {
    const label = fc.integer({ min: 1, max: t.size });
    return fc.record({
      t: fc.constant(t),
      gold: fc.uniqueArray(label, { minLength: 1, maxLength: 4 }),
      pred: fc.uniqueArray(label, { minLength: 1, maxLength: 4 }),
    });
  });

  it("the minimal graphs are subgraphs of the redundant ones, contain the labels, and are perfect on a perfect prediction", () => {
    fc.assert(
      fc.property(caseArb, ({ t, gold, pred }) => {
        const red = lcaAugmentedSets(t, gold, pred, "redundant");
        const min = lcaAugmentedSets(t, gold, pred, "minimal");
        for (const [small, big, labels] of [
          [min.gold, red.gold, gold],
          [min.predicted, red.predicted, pred],
        ] as const) {
          for (const v of small) expect(big).toContain(v);
          for (const v of labels) expect(small).toContain(v);
        }
        for (const graph of ["minimal", "redundant"] as LcaGraph[])
          expect(lcaCounts(t, gold, gold, graph)).toEqual({ tp: gold.length, predicted: gold.length, gold: gold.length });
      }),
      { numRuns: 300 },
    );
  });

  it("HEMKit's graphs contain the most specific labels, lie on upward paths, and are perfect on a perfect prediction", () => {
    fc.assert(
      fc.property(caseArb, ({ t, gold, pred }) => {
        const g = hemkitLcaGraphs(t, gold, pred);
        const reducedGold = mostSpecific(t, gold);
        const reducedPred = mostSpecific(t, pred);
        for (const v of reducedGold) expect(g.gold).toContain(v);
        for (const v of reducedPred) expect(g.predicted).toContain(v);
        // Every node added is the root or an ancestor of a label of one of the sets.
        const above = new Set<number>([0, ...reducedGold, ...reducedPred]);
        for (const l of [...reducedGold, ...reducedPred]) for (const a of t.ancestors[l]!) above.add(a);
        for (const v of [...g.gold, ...g.predicted]) expect(above.has(v)).toBe(true);
        const n = reducedGold.length;
        expect(lcaCounts(t, gold, gold)).toEqual({ tp: n, predicted: n, gold: n });
        // Written-out ancestors change nothing: the sets are reduced first.
        const withAncestors = [...gold, ...gold.flatMap((l) => [...t.ancestors[l]!])];
        expect(lcaCounts(t, withAncestors, pred)).toEqual(lcaCounts(t, gold, pred));
      }),
      { numRuns: 300 },
    );
  });

  it("up-distances agree with the taxonomy's depth at the root and its ancestor sets", () => {
    fc.assert(
      fc.property(dagArb, (t) => {
        for (let v = 1; v < t.nodeCount; v++) {
          const { nodes, dist } = upDistances(t, v);
          expect(dist[0]).toBe(t.depth[v]); // the root has id 0, first in id order
          expect([...nodes].filter((a) => a !== 0 && a !== v).sort((a, b) => a - b)).toEqual([...t.ancestors[v]!].sort((a, b) => a - b));
        }
      }),
    );
  });

  it("chooseMinimalUnion is optimal (checked against brute force)", () => {
    const optionArb = fc.array(
      fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }), optionArb, (base, raw) => {
        const options = raw.map((opts) => opts.map((o) => Int32Array.from(o)));
        const pairOf = (k: number): number => k ^ 1;
        const score = (set: Set<number>): [number, number] => [set.size, [...set].filter((k) => set.has(pairOf(k))).length];
        let best: [number, number] = [Infinity, -1];
        const walk = (i: number, acc: Set<number>): void => {
          if (i === options.length) {
            const [size, shared] = score(acc);
            if (size < best[0] || (size === best[0] && shared > best[1])) best = [size, shared];
            return;
          }
          for (const o of options[i]!) walk(i + 1, new Set([...acc, ...o]));
        };
        walk(0, new Set(base));
        expect(score(chooseMinimalUnion(base, options, pairOf))).toEqual(best);
      }),
      { numRuns: 500 },
    );
  });

  it("mirrors the chooseMinimalUnion @example", () => {
    const union = chooseMinimalUnion(
      [1],
      [
        [Int32Array.of(2), Int32Array.of(3)],
        [Int32Array.of(3), Int32Array.of(4, 5)],
      ],
      () => -1,
    );
    expect([...union].sort()).toEqual([1, 3]);
  });
});

describe("LCA options", () => {
  const t = taxonomyOf([[null, "A"]]);

  it("defaults to HEMKit's graphs and accepts the minimal and the redundant ones", () => {
    expect(lcaOptions(scoringContext(t))).toEqual({ graph: "hemkit" });
    expect(lcaOptions(scoringContext(t, { extra: { lca: { graph: "minimal" } } }))).toEqual({ graph: "minimal" });
    expect(lcaOptions(scoringContext(t, { extra: { lca: { graph: "redundant" } } }))).toEqual({ graph: "redundant" });
  });

  it("refuses bad values with a clear error", () => {
    const bad = (extra: Record<string, unknown>) => () => scoreWith(lcaFamily, t, [{ gold: ["A"], pred: ["A"] }], { extra });
    expect(bad({ lca: { graph: "smallest" } })).toThrow(InputError);
    expect(bad({ lca: { graph: "smallest" } })).toThrow('expected lca.graph to be "hemkit", "minimal" or "redundant", got "smallest"');
    expect(bad({ lca: { graf: "minimal" } })).toThrow('expected lca options among "graph", got "graf"');
    expect(bad({ lca: "minimal" })).toThrow('expected lca options to be an object such as { "graph": "minimal" }, got "minimal"');
    try {
      bad({ lca: { graph: 1 } })();
    } catch (error) {
      expect((error as InputError).code).toBe("BAD_OPTION");
    }
  });
});

describe("the @examples of the distance helpers and the family", () => {
  it("upDistances, upDistance and classDistance", () => {
    const chain = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["B", "C"],
    ]);
    const [A, C] = idsOf(chain, ["A", "C"]) as [number, number];
    expect(idsOf(chain, ["A", "B", "C"])).toEqual([1, 2, 3]);
    const { nodes, dist } = upDistances(chain, C);
    expect([[...nodes], [...dist]]).toEqual([
      [0, 1, 2, 3],
      [3, 2, 1, 0],
    ]);
    expect(upDistance(chain, C, A)).toBe(2);
    expect(upDistance(chain, A, C)).toBe(-1);
    const t = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["A", "C"],
      ["B", "D"],
    ]);
    const [tA, tC, tD] = idsOf(t, ["A", "C", "D"]) as [number, number, number];
    expect(connect(t, tD, tC)).toEqual({ distance: 3, lcas: [tA] });
    expect(classDistance(t, tD, tC)).toBe(3);
    expect(classDistance(t, tD, tD)).toBe(0);
  });

  it("nodesOnShortestUpPaths and shortestUpPaths on a diamond", () => {
    const t = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["A", "C"],
      ["B", "D"],
      ["C", "D"],
    ]);
    const [A, B, C, D] = idsOf(t, ["A", "B", "C", "D"]) as [number, number, number, number];
    expect(nodesOnShortestUpPaths(t, D, A)).toEqual([A, B, C, D]);
    expect(shortestUpPaths(t, D, A, 16)).toEqual([
      [D, B, A],
      [D, C, A],
    ]);
  });

  it("the lca family through evaluate", () => {
    const t = taxonomyOf([
      [null, "A"],
      ["A", "B"],
      ["A", "C"],
      ["B", "D"],
      ["B", "E"],
    ]);
    const gold = parseLabelText("d0\tD\nd1\tC\n", { taxonomy: t, role: "gold" });
    const pred = parseLabelText("d0\tE\nd1\tC\n", { taxonomy: t, role: "prediction" });
    const lca = evaluate({ taxonomy: t, gold, pred, metrics: ["lca"] }).lca as { precision: number; macro: { precision: number } };
    expect(lca.precision).toBeCloseTo(2 / 3, 15);
    expect(lca.macro.precision).toBe(0.75);
  });
});
