import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { smallDagArbitrary } from "../measures/testing/small-dag-arbitrary.ts";
import { buildTaxonomy } from "./build-taxonomy.ts";
import { ROOT, type Taxonomy } from "./taxonomy.ts";

/** Every root path of `node` by plain recursion over the parents, as comma-joined strings, sorted. */
function everyRootPath(t: Taxonomy, node: number): string[] {
  if (node === ROOT) return [String(ROOT)];
  return t.parents[node]!.flatMap((parent) => everyRootPath(t, parent).map((path) => `${path},${node}`)).sort();
}

describe("Taxonomy.rootPaths and firstRootPath", () => {
  it("give every root path, a node with one path included, and the first path alone", () => {
    fc.assert(
      fc.property(smallDagArbitrary, (t) => {
        for (let node = 0; node < t.nodeCount; node++) {
          const paths = t.rootPaths(node);
          expect(paths.map((path) => path.join(",")).sort()).toEqual(everyRootPath(t, node));
          expect(t.firstRootPath(node)).toEqual(paths[0]);
          // Asked again (from the cache, or made anew), the same paths.
          expect(t.rootPaths(node)).toEqual(paths);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("walks a one-parent chain under a two-parent node by both paths", () => {
    const t = buildTaxonomy([
      { parent: null, child: "A", line: 1 },
      { parent: null, child: "B", line: 2 },
      { parent: "A", child: "X", line: 3 },
      { parent: "B", child: "X", line: 4 },
      { parent: "X", child: "Y", line: 5 },
    ]);
    const [a, b, x, y] = ["A", "B", "X", "Y"].map((name) => t.id(name)!);
    expect(t.rootPaths(y!)).toEqual([
      [ROOT, a, x, y],
      [ROOT, b, x, y],
    ]);
    expect(t.rootPaths(a!)).toEqual([[ROOT, a]]);
    expect(t.firstRootPath(ROOT)).toEqual([ROOT]);
  });
});
