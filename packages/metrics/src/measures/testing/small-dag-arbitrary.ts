import fc from "fast-check";
import { buildTaxonomy, type RawEdge } from "../../taxonomy/build-taxonomy.ts";

/**
 * Random taxonomies of `minNodes`–30 nodes for property tests: each node under an earlier one (or
 * the root), and under a second one with odds 1 in `secondParentOneIn`.
 */
export function dagArbitrary({ minNodes = 1, secondParentOneIn = 2 } = {}): fc.Arbitrary<ReturnType<typeof buildTaxonomy>> {
  return fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(secondParentOneIn - 1)), { minLength: minNodes, maxLength: 30 }).map((seeds) => {
    const edges: RawEdge[] = [];
    seeds.forEach(([a, b, second], index) => {
      const i = index + 1;
      const parent = a % i;
      edges.push({ parent: parent === 0 ? null : `n${parent}`, child: `n${i}`, line: edges.length + 1 });
      const other = b % i;
      if (second === 0 && other !== parent)
        edges.push({ parent: other === 0 ? null : `n${other}`, child: `n${i}`, line: edges.length + 1 });
    });
    return buildTaxonomy(edges);
  });
}

/** Random taxonomies of 1–30 nodes, about half the nodes under a second parent. */
export const smallDagArbitrary = dagArbitrary();
