// A prediction that lists a great many labels on one line (every label of the task, say) must
// cost time linear in its labels times the taxonomy's depth. The work is counted, not timed: the
// machine may be loaded. `pnpm bench wide-prediction` prints the times.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/evaluate.ts";
import { parseLabelText } from "../../src/labels/parse-label-text.ts";
import { pairCosts } from "../../src/measures/mgia/mgia.ts";
import { mgiaNetworkError } from "../../src/measures/mgia/mgia-network-error.ts";
import { idsOf, SMALL_DAG_EDGES, taxonomyOf } from "../../src/measures/testing/family-test-kit.ts";
import { greedyPathCover } from "../../src/paths/greedy-path-cover.ts";
import { parseTaxonomy } from "../../src/taxonomy/parse-taxonomy.ts";
import type { Taxonomy } from "../../src/taxonomy/taxonomy.ts";

/** The cover as hc-semantics.md states it: rescan every candidate for each choice (quadratic). */
function coverBySpec(taxonomy: Taxonomy, labels: readonly number[]): (readonly number[])[] {
  const candidates = labels.flatMap((label) => [...taxonomy.rootPaths(label)]);
  const uncovered = new Set(labels);
  const chosen: (readonly number[])[] = [];
  while (uncovered.size > 0) {
    let best = candidates[0]!;
    let bestCount = 0;
    for (const path of candidates) {
      const count = path.filter((node) => uncovered.has(node)).length;
      if (count > bestCount) [best, bestCount] = [path, count];
    }
    chosen.push(best);
    for (const node of best) uncovered.delete(node);
  }
  return chosen;
}

/** A view of the taxonomy whose root paths count every element read. */
function countingReads(taxonomy: Taxonomy): { taxonomy: Taxonomy; reads: () => number } {
  let reads = 0;
  const wrapped = new Map<number, (readonly number[])[]>();
  const view = Object.create(taxonomy) as Taxonomy;
  view.rootPaths = (node: number) => {
    let paths = wrapped.get(node);
    if (!paths) {
      paths = taxonomy.rootPaths(node).map(
        (path) =>
          new Proxy(path as number[], {
            get(target, key, receiver) {
              if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
              return Reflect.get(target, key, receiver);
            },
          }),
      );
      wrapped.set(node, paths);
    }
    return paths;
  };
  return { taxonomy: view, reads: () => reads };
}

describe("scoring cost of a prediction with very many labels", () => {
  // root → 30 → 30 → 30: 27,930 labels, depth 3.
  const edges: string[] = [];
  const names: string[] = [];
  for (let a = 0; a < 30; a++) {
    edges.push(`\ta${a}`);
    names.push(`a${a}`);
    for (let b = 0; b < 30; b++) {
      edges.push(`a${a}\ta${a}b${b}`);
      names.push(`a${a}b${b}`);
      for (let c = 0; c < 30; c++) {
        edges.push(`a${a}b${b}\ta${a}b${b}c${c}`);
        names.push(`a${a}b${b}c${c}`);
      }
    }
  }
  const tree = parseTaxonomy(edges.join("\n"));

  it("the path cover of every label reads each candidate path a bounded number of times", () => {
    const labels = idsOf(tree, names);
    const { taxonomy, reads } = countingReads(tree);
    const cover = greedyPathCover(taxonomy, labels);
    const pathElements = labels.reduce((sum, label) => sum + tree.rootPaths(label).reduce((s, p) => s + p.length, 0), 0);
    // Rescanning every candidate per choice would read ~27,000 × 100,000 elements.
    expect(reads()).toBeLessThanOrEqual(4 * pathElements);
    expect(cover).toHaveLength(27_000); // one path per leaf covers every inner node too
  });

  it("the fast path cover chooses the same paths, in the same order, as the specification's rescan", () => {
    const dag = taxonomyOf([...SMALL_DAG_EDGES, ["d", "g"], ["b", "h"], ["h", "f"]]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: dag.size }), { maxLength: 9 }), (labels) => {
        expect(greedyPathCover(dag, labels)).toEqual(coverBySpec(dag, labels));
      }),
      { numRuns: 500 },
    );
  });

  it("the heap-based cover of many labels (over 32 candidate paths) chooses as the specification's rescan does", () => {
    const leaves = names.filter((name) => name.includes("c"));
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...leaves), { minLength: 24, maxLength: 40 }), fc.boolean(), (picked, withParents) => {
        // Leaves with their parents (or grandparents): ancestor pairs, so the greedy cover really chooses.
        const named = picked.flatMap((leaf, i) => [
          leaf,
          withParents || i % 2 ? leaf.slice(0, leaf.lastIndexOf("c")) : leaf.slice(0, leaf.indexOf("b")),
        ]);
        const labels = idsOf(tree, [...new Set(named)]);
        expect(labels.length).toBeGreaterThan(32);
        expect(greedyPathCover(tree, labels)).toEqual(coverBySpec(tree, labels));
      }),
      { numRuns: 200 },
    );
  });

  it("GIE and the MGIA network of 27,930 predicted labels against 3 gold leaves, exactly", () => {
    const all = idsOf(tree, names);
    const gold = idsOf(tree, ["a0b0c0", "a0b0c1", "a5b5c5"]);
    // An n × n assignment here would need 27,933² doubles (6 GB) and n³ steps.
    const D = 2 * tree.maxDepth; // 6
    expect(pairCosts(tree, gold, all, D)).toEqual({ gie: D * (all.length - 3), union: all.length });
    // Each predicted-only label's nearest gold label is at most 6 edges away (= D: to the default class)
    // or nearer; the network charges each kept link once.
    const network = mgiaNetworkError(tree, gold, all, D);
    expect(network.union).toBe(all.length);
    expect(network.symmetricDifference).toBe(all.length - 3);
    expect(network.error).toBeLessThanOrEqual(D * (all.length - 3));
  });

  it("every family scores a document that lists all 27,930 labels", () => {
    const gold = parseLabelText("d\ta0b0c0\ta0b0c1\ta5b5c5\n", { taxonomy: tree, role: "gold", fileName: "gold" });
    const pred = parseLabelText(`d\t${names.join("\t")}\n`, { taxonomy: tree, role: "prediction", fileName: "pred" });
    const result = evaluate({ taxonomy: tree, gold, pred, metrics: "all" }) as unknown as Record<string, Record<string, number>>;
    expect(result.flat!.micro).toMatchObject({ tp: 3, fp: names.length - 3, fn: 0 });
    expect(result.mgia!.gie).toBe(6 * (names.length - 3));
  });
});
