// The stored outline gives the explorer exactly what the parsed taxonomy gives: every row of every
// subtree in both views, on a tree and on a DAG with multi-parent nodes, labels outside ASCII included.
import { nodeStatistics, parseLabelText, parseTaxonomy, ROOT, type Taxonomy, type TaxonomyShape } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { decodeNodeStatistics, encodeNodeStatistics } from "../node-statistics/node-statistics-codec.ts";
import { NODE_VIEWS, nodeRows, subtreeRows } from "../node-statistics/node-rows.ts";
import { decodeTaxonomyOutline, encodeTaxonomyOutline } from "./taxonomy-outline-codec.ts";

const cases: { name: string; taxonomy: Taxonomy; gold: string; pred: string }[] = [
  {
    name: "a tree",
    taxonomy: parseTaxonomy("\tTiere\n\tPflanzen\nTiere\tHunde\nTiere\tVögel 🐦\nHunde\tDackel\nPflanzen\tBäume\n"),
    gold: "d1\tDackel\nd2\tVögel 🐦\nd3\tBäume\nd4\tHunde\n",
    pred: "d1\tHunde\nd2\tDackel\nd3\tBäume\tVögel 🐦\nd4\tDackel\n",
  },
  {
    name: "a DAG with multi-parent nodes",
    // X under A and B, Y under X and W, Z under A and under the root.
    taxonomy: parseTaxonomy("A\tX\nB\tX\nX\tY\n\tB\nA\tZ\n\tW\nW\tY\n\tZ\n"),
    gold: "d1\tY\nd2\tX\nd3\tZ\nd4\tW\tY\n",
    pred: "d1\tX\nd2\tY\tB\nd3\tZ\nd4\tA\n",
  },
];

const allRows = (taxonomy: TaxonomyShape, stats: ReturnType<typeof decodeNodeStatistics>) =>
  NODE_VIEWS.map((view) => {
    const rows = nodeRows(taxonomy, stats, view);
    return Array.from({ length: taxonomy.nodeCount }, (_, top) => subtreeRows(taxonomy, top, Number.POSITIVE_INFINITY, 1000, rows));
  });

describe.each(cases)("the stored outline of $name", ({ taxonomy, gold, pred }) => {
  const outline = decodeTaxonomyOutline(encodeTaxonomyOutline(taxonomy));

  it("gives the explorer the same rows as the parsed taxonomy, in every subtree and view", () => {
    const stats = decodeNodeStatistics(
      encodeNodeStatistics(
        nodeStatistics({
          taxonomy,
          gold: parseLabelText(gold, { taxonomy, role: "gold" }),
          pred: parseLabelText(pred, { taxonomy, role: "prediction" }),
        }),
      ).data,
    );
    const expected = allRows(taxonomy, stats);
    expect(expected[0]![ROOT]!.nodes.length).toBeGreaterThan(3);
    expect(allRows(outline, stats)).toEqual(expected);
  });

  it("keeps every label and its id", () => {
    expect([...outline.names]).toEqual(taxonomy.names);
    for (const name of taxonomy.names.slice(1)) expect(outline.id(name)).toBe(taxonomy.id(name));
    expect(outline.isDag).toBe(taxonomy.isDag);
  });
});

it("refuses bytes that are not a stored outline", () => {
  expect(() => decodeTaxonomyOutline(new TextEncoder().encode("HBN2...."))).toThrow(/expected the HBO1 format/);
});
