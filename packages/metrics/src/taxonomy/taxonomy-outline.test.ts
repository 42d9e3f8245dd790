// A taxonomy's outline holds the same shape as the parsed taxonomy (ids, labels, children in file
// order, parents, depths), on a tree and on a DAG, and a cut outline is the outline of the cut taxonomy.
import { describe, expect, it } from "vitest";
import { cutOutline, cutTaxonomy } from "./cut-taxonomy.ts";
import { parseTaxonomy } from "./parse-taxonomy.ts";
import type { Taxonomy } from "./taxonomy.ts";
import { TaxonomyOutline } from "./taxonomy-outline.ts";
import type { TaxonomyShape } from "./taxonomy-shape.ts";

const tree = parseTaxonomy("\tA\n\tB\nA\tA1\nA\tA2\nB\tB1\nA1\tA1a\nA1\tA1b\n");
// Q has parents P and R (R listed first); S hangs under the root and under Q (depth 1 either way: the root edge wins);
// T is at depth 2 under P and at depth 3 under Q (a cut at depth 2 drops Q → T); "é" written decomposed is stored in NFC.
const dag = parseTaxonomy("R\tQ\nP\tQ\nP\tT\nQ\tT\nQ\tS\n\tS\nS\te\u0301\n");

/** Every part of the shape, as plain data. */
function shapeOf(t: TaxonomyShape) {
  const nodes = Array.from({ length: t.nodeCount }, (_, node) => node);
  return {
    names: [...t.names],
    children: nodes.map((node) => [...t.childrenOf(node)]),
    parents: nodes.map((node) => [...t.parentsOf(node)]),
    depth: [...t.depth],
    isDag: t.isDag,
    maxDepth: t.maxDepth,
    ids: t.names.map((name) => t.id(name)),
  };
}

describe.each([
  ["a tree", tree],
  ["a DAG with multi-parent nodes", dag],
] as [string, Taxonomy][])("TaxonomyOutline of %s", (_, taxonomy) => {
  it("has the parsed taxonomy's ids, labels, children, parents and depths", () => {
    expect(shapeOf(TaxonomyOutline.of(taxonomy))).toEqual(shapeOf(taxonomy));
  });

  it("cut at each depth, is the outline of the cut taxonomy", () => {
    for (let depth = 1; depth <= taxonomy.maxDepth; depth++)
      expect(shapeOf(cutOutline(TaxonomyOutline.of(taxonomy), depth))).toEqual(shapeOf(cutTaxonomy(taxonomy, depth)));
  });
});

describe("TaxonomyOutline", () => {
  it("draws a multi-parent node under each parent, and finds labels as the taxonomy does", () => {
    const outline = TaxonomyOutline.of(dag);
    const names = (ids: ArrayLike<number>) => Array.from(ids, (id) => outline.names[id]);
    expect(outline.isDag).toBe(true);
    expect(names(outline.parentsOf(outline.id("Q")!))).toEqual(["R", "P"]);
    expect(names(outline.parentsOf(outline.id("T")!))).toEqual(["Q", "P"]); // by id, as the taxonomy lists them
    expect(outline.depth[outline.id("T")!]).toBe(2);
    expect(outline.id("e\u0301")).toBe(dag.id("\u00e9"));
    expect(outline.id("")).toBeUndefined();
    expect(outline.id("nowhere")).toBeUndefined();
    expect(TaxonomyOutline.of(tree).isDag).toBe(false);
  });
});
