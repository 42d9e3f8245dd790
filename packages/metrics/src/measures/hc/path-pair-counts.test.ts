import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { dagArbitrary } from "../testing/small-dag-arbitrary.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { addPathPairCounts, commonLength } from "./path-pair-counts.ts";

/** The TN definition taken literally, with explicit sets, to check the counting shortcut against. */
function literalTrueNegatives(t: Taxonomy, truePath: readonly number[], predicted: readonly number[]): number {
  const common = truePath.slice(0, commonLength(truePath, predicted));
  const union = new Set<number>();
  for (const x of common.slice(1)) for (const q of t.parents[x]!) for (const c of t.children[q]!) if (c !== x) union.add(c);
  const first = [...union].filter((n) => !truePath.includes(n)).length;
  const last = common[common.length - 1]!;
  const second = t.children[last]!.filter((c) => !truePath.includes(c) && !predicted.includes(c)).length;
  return first + second;
}

/** [TP, TN, FP, FN] by the definitions, with explicit scans. */
function literalCounts(t: Taxonomy, truePath: readonly number[], predicted: readonly number[]): number[] {
  const tp = commonLength(truePath, predicted) - 1;
  const fp = predicted.filter((node) => !truePath.includes(node)).length;
  const fn = truePath.filter((node) => !predicted.includes(node)).length;
  return [tp, literalTrueNegatives(t, truePath, predicted), fp, fn];
}

const dagArb = dagArbitrary({ minNodes: 2 });
/** DAGs where one node in ten has a second parent: most paths are the only root path of their end (the plain counting). */
const sparseDagArb = dagArbitrary({ minNodes: 2, secondParentOneIn: 10 });

describe("HC path-pair counts", () => {
  it.each([
    ["DAGs", dagArb],
    ["DAGs with few second parents", sparseDagArb],
  ])("counts true negatives in %s exactly as the literal set definition", (_name, arb) => {
    fc.assert(
      fc.property(arb, fc.nat(), fc.nat(), fc.nat(), (t, a, b, k) => {
        const truePaths = t.rootPaths(1 + (a % t.size));
        const predPaths = t.rootPaths(1 + (b % t.size));
        const truePath = truePaths[k % truePaths.length]!;
        const predicted = predPaths[k % predPaths.length]!;
        const counts = [0, 0, 0, 0];
        addPathPairCounts(t, truePath, predicted, counts);
        expect(counts).toEqual(literalCounts(t, truePath, predicted));
      }),
      { numRuns: 500 },
    );
  });

  it("counts a child under three nodes of a plain path once", () => {
    // root → A → B → C → D, and X under A, B and C.
    const t = buildTaxonomy(
      [
        [null, "A"],
        ["A", "B"],
        ["B", "C"],
        ["C", "D"],
        ["A", "X"],
        ["B", "X"],
        ["C", "X"],
      ].map(([parent, child], i) => ({ parent: parent ?? null, child: child!, line: i + 1 })),
    );
    const truePath = t.rootPaths(t.id("D")!)[0]!;
    for (const end of ["A", "B", "C", "D", "X"]) {
      for (const predicted of t.rootPaths(t.id(end)!)) {
        const counts = [0, 0, 0, 0];
        addPathPairCounts(t, truePath, predicted, counts);
        expect(counts[1]).toBe(literalTrueNegatives(t, truePath, predicted));
      }
    }
  });
});
