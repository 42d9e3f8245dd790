import fc from "fast-check";
import { buildTaxonomy, type RawEdge } from "../../taxonomy/build-taxonomy.ts";

/** Random taxonomies of 1–30 nodes for property tests: each node under an earlier one (or the root), some under a second. */
export const smallDagArbitrary = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 30 }).map((seeds) => {
  const edges: RawEdge[] = [];
  seeds.forEach(([a, b, second], index) => {
    const i = index + 1;
    const parent = a % i;
    edges.push({ parent: parent === 0 ? null : `n${parent}`, child: `n${i}`, line: edges.length + 1 });
    const other = b % i;
    if (second && other !== parent) edges.push({ parent: other === 0 ? null : `n${other}`, child: `n${i}`, line: edges.length + 1 });
  });
  return buildTaxonomy(edges);
});
