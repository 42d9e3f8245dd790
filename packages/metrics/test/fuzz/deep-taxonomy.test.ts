import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors/input-error.ts";
import { parseLabelText } from "../../src/labels/parse-label-text.ts";
import { topLevelSubtrees } from "../../src/measures/per-level/top-level-subtrees.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import { MEASURE_FAMILIES } from "../../src/engine/measure-families.ts";
import { cutTaxonomy } from "../../src/taxonomy/cut-taxonomy.ts";
import { parseTaxonomy } from "../../src/taxonomy/parse-taxonomy.ts";
import { ANCESTOR_ENTRY_BUDGET, ROOT } from "../../src/taxonomy/taxonomy.ts";

const DEPTH = 100_000;
const chainEdges = (n: number) => Array.from({ length: n }, (_, i) => `${i === 0 ? "" : `n${i - 1}`}\tn${i}`).join("\n");

describe("fuzz: a 100k-deep chain never overflows the stack or takes quadratic memory", () => {
  // Built once: TSV and JSON forms must give the same chain.
  const chain = parseTaxonomy(chainEdges(DEPTH));
  const deepest = chain.id(`n${DEPTH - 1}`)!;

  it("builds from TSV and from JSON, with depths and ancestors in root-to-node order", () => {
    const json = parseTaxonomy(JSON.stringify({ edges: Array.from({ length: DEPTH }, (_, i) => [i === 0 ? null : `n${i - 1}`, `n${i}`]) }));
    for (const t of [chain, json]) {
      expect(t.size).toBe(DEPTH);
      expect(t.maxDepth).toBe(DEPTH);
      const node = t.id(`n${DEPTH - 1}`)!;
      expect(t.depth[node]).toBe(DEPTH);
      expect(t.ancestors[node]).toHaveLength(DEPTH - 1);
      expect(t.ancestors[node]![0]).toBe(t.id("n0"));
      expect(t.ancestors[node]![DEPTH - 2]).toBe(t.id(`n${DEPTH - 2}`));
      expect(Array.from(t.ancestors[t.id("n3")!]!, (a) => t.names[a])).toEqual(["n0", "n1", "n2"]);
    }
  });

  it("gives the one root path of the deepest node", () => {
    const [path, ...more] = chain.rootPaths(deepest);
    expect(more).toEqual([]);
    expect(path).toHaveLength(DEPTH + 1);
    expect(path![0]).toBe(ROOT);
    expect(path![DEPTH]).toBe(deepest);
    expect(chain.rootPaths(deepest)).toBe(chain.rootPaths(deepest)); // cached
  });

  it("cuts at any depth", () => {
    expect(cutTaxonomy(chain, 1).size).toBe(1);
    const half = cutTaxonomy(chain, DEPTH / 2);
    expect(half.size).toBe(DEPTH / 2);
    expect(half.ancestors[half.id(`n${DEPTH / 2 - 1}`)!]).toHaveLength(DEPTH / 2 - 1);
  });

  it("scores a document labelled with the deepest node (hc, flat, hierarchical)", () => {
    const gold = parseLabelText(`d1\tn${DEPTH - 1}\nd2\tn0\n`, { taxonomy: chain, role: "gold" });
    const pred = parseLabelText(`d1\tn${DEPTH - 2}\nd2\tn0\n`, { taxonomy: chain, role: "prediction" });
    const result = evaluate({ taxonomy: chain, gold, pred });
    // d1: the prediction is the deepest node's parent, DEPTH - 1 of its DEPTH path nodes; d2 is exact.
    const hierarchical = result.hierarchical as { precision: number; recall: number };
    expect(hierarchical.precision).toBe(1);
    expect(hierarchical.recall).toBeCloseTo(DEPTH / (DEPTH + 1), 12);
    expect(result.documents).toBe(2);
  });

  it("scores it with every measure family in linear time too", () => {
    const gold = parseLabelText(`d1\tn${DEPTH - 1}\n`, { taxonomy: chain, role: "gold" });
    const pred = parseLabelText(`d1\tn${DEPTH - 1}\n`, { taxonomy: chain, role: "prediction" });
    const families = MEASURE_FAMILIES.map((f) => f.id);
    const result = evaluate({ taxonomy: chain, gold, pred, metrics: families });
    expect((result.distance as { micro: { f1: number } }).micro.f1).toBe(1);
    expect((result.hc as { f1: number }).f1).toBe(1);
    expect((result.perSubtree as { subtrees: Record<string, { flat: { f1: number } }> }).subtrees.n0!.flat.f1).toBe(1);
  });

  it("keeps a caterpillar (a 100k chain with a leaf on every node) linear: siblings share one ancestor set", () => {
    const lines = [chainEdges(DEPTH)];
    for (let i = 0; i < DEPTH; i++) lines.push(`n${i}\tleaf${i}`);
    const t = parseTaxonomy(lines.join("\n"));
    const leaf = t.id(`leaf${DEPTH - 1}`)!;
    expect(t.ancestors[leaf]).toHaveLength(DEPTH);
    expect(t.ancestors[t.id(`leaf${DEPTH - 2}`)!]).toBe(t.ancestors[t.id(`n${DEPTH - 1}`)!]); // siblings: one array
    expect(t.rootPaths(leaf)[0]).toHaveLength(DEPTH + 2);
  });

  it("refuses a DAG whose ancestor sets would exceed the budget with TOO_LARGE, not an out-of-memory crash", () => {
    // Node i under both i-1 and i-2: every node's ancestors are all earlier nodes, n²/2 entries in all.
    const n = Math.ceil(Math.sqrt(2 * ANCESTOR_ENTRY_BUDGET)) + 100;
    const lines = ["\tn0", "n0\tn1"];
    for (let i = 2; i < n; i++) lines.push(`n${i - 1}\tn${i}`, `n${i - 2}\tn${i}`);
    let error: unknown;
    try {
      parseTaxonomy(lines.join("\n"), { fileName: "dense.tsv" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe("TOO_LARGE");
    expect((error as InputError).message).toMatch(
      /^dense\.tsv: expected a taxonomy whose ancestor sets hold at most \d+ entries in all, got more/,
    );
  });
});

describe("shared ancestor sets and top-level subtrees match their definitions", () => {
  // Random DAGs: an edge always goes from a lower to a higher index; a pair (a, a) hangs a under the root.
  const dag = fc
    .array(fc.tuple(fc.nat(12), fc.nat(12)), { minLength: 1, maxLength: 30 })
    .map((pairs) => pairs.map(([a, b]) => (a === b ? `\tv${a}` : `v${Math.min(a, b)}\tv${Math.max(a, b)}`)).join("\n"));

  it("ancestors: every node reachable upwards once; a single parent's set, then that parent", () => {
    fc.assert(
      fc.property(dag, (text) => {
        const t = parseTaxonomy(text);
        for (let node = 1; node < t.nodeCount; node++) {
          const closure = new Set<number>();
          const stack = [...t.parents[node]!];
          while (stack.length > 0) {
            const p = stack.pop()!;
            if (p === ROOT || closure.has(p)) continue;
            closure.add(p);
            stack.push(...t.parents[p]!);
          }
          const own = Array.from(t.ancestors[node]!);
          expect(own.length).toBe(closure.size);
          expect(new Set(own)).toEqual(closure);
          const [parent, ...more] = t.parents[node]!;
          if (more.length === 0 && parent !== ROOT) expect(own).toEqual([...t.ancestors[parent!]!, parent]);
        }
      }),
      { numRuns: 200, interruptAfterTimeLimit: 3_000 },
    );
  });

  it("topLevelSubtrees: the top-level nodes among a node and its ancestors", () => {
    fc.assert(
      fc.property(dag, (text) => {
        const t = parseTaxonomy(text);
        const { tops, of } = topLevelSubtrees(t);
        for (let node = 1; node < t.nodeCount; node++) {
          const expected = tops.flatMap((top, i) => (top === node || t.ancestors[node]!.includes(top) ? [i] : []));
          expect(Array.from(of[node]!)).toEqual(expected);
        }
      }),
      { numRuns: 200, interruptAfterTimeLimit: 3_000 },
    );
  });
});
