import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";
import { classDistance, connect, nodesOnShortestUpPaths, shortestUpPaths } from "./ancestor-distances.ts";
import { chooseMinimalUnion } from "./minimal-union.ts";

/**
 * Which LCA graphs augment the label sets: HEMKit's (`hemkitLcaGraphs`), all
 * connections (Figure 9) or the exact minimal subset (Problem 2, Figure 10).
 */
export type LcaGraph = "hemkit" | "minimal" | "redundant";

/** The augmented label sets Y_aug and Ŷ_aug of one document (node ids sorted, the virtual root excluded). */
export interface LcaAugmentedSets {
  /** Nodes of the true-side graph G_t. */
  readonly gold: number[];
  /** Nodes of the predicted-side graph G_p. */
  readonly predicted: number[];
}

/** Shortest paths per half connection considered by the minimal graph (a tree has one). */
const PATH_LIMIT = 16;
/** Connections per label considered by the minimal graph. */
const OPTION_LIMIT = 256;

/** One LCA of a class with a set, and the member of the set it connects the class to. */
export interface LcaLink {
  readonly lca: number;
  readonly partner: number;
}

/**
 * LCA(x, S) of Definition 3: the LCAs of x with its nearest members of S
 * (smallest d(x, s), see `connect`), each with the member it leads to; a
 * class that is itself in S is its own LCA.
 *
 * @example
 * // the paper's DAG (Figure 8b), Y = {2.1, 3.2.1, 3.3}:
 * lcaWithSet(t, id("3.2.2"), Y); // [{ lca: 3, partner: 2.1 }, { lca: 3.2, partner: 3.2.1 }, { lca: 3, partner: 3.3 }]
 */
export function lcaWithSet(taxonomy: Taxonomy, x: number, others: readonly number[]): LcaLink[] {
  if (others.includes(x)) return [{ lca: x, partner: x }];
  let best = Infinity;
  for (const z of others) best = Math.min(best, classDistance(taxonomy, x, z));
  const links: LcaLink[] = [];
  for (const z of others) {
    if (classDistance(taxonomy, x, z) !== best) continue;
    for (const lca of connect(taxonomy, x, z).lcas) links.push({ lca, partner: z });
  }
  return links;
}

/** The shortest upward paths from `node` to `top` (a tree has exactly one: follow the parent). */
function upPaths(taxonomy: Taxonomy, node: number, top: number): number[][] {
  if (taxonomy.isDag) return shortestUpPaths(taxonomy, node, top, PATH_LIMIT);
  const path = [node];
  for (let v = node; v !== top; ) {
    v = taxonomy.parents[v]![0]!;
    path.push(v);
  }
  return [path];
}

function uniqueSorted(labels: readonly number[]): number[] {
  return [...new Set(labels)].filter((l) => l !== ROOT).sort((a, b) => a - b);
}

/**
 * The LCA-augmented label sets of Kosmopoulos et al. ("Evaluation Measures for
 * Hierarchical Classification: a unified view and novel approaches",
 * Section 2.4.2, Definitions 1–5 and Problem 2).
 *
 * Every true class y is connected to its nearest predicted classes ŷ through
 * LCA(y, Ŷ) (Definition 3, shortest paths through a common ancestor), and every
 * predicted class ŷ to its nearest true classes through LCA(ŷ, Y). A
 * connection y ↑ a ↓ ŷ puts the path y…a into the true-side graph G_t and the
 * path ŷ…a into the predicted-side graph G_p, whichever side it started from;
 * Y_aug and Ŷ_aug are the nodes of G_t and G_p (the virtual root, a common
 * ancestor of everything, is left out, as in the ancestor-augmented hP/hR).
 * These are the `minimal` and `redundant` variants; the default LCA graphs
 * are HEMKit's (`hemkitLcaGraphs`).
 *
 * - `redundant`: all connections and all their shortest paths (Figure 9).
 * - `minimal`: one connection per class, chosen so that
 *   |G_t| + |G_p| is smallest (Problem 2; ties: the most nodes shared by the
 *   two graphs), as in Figure 10. Exact for real label sets (see
 *   `chooseMinimalUnion`).
 *
 * When either set is empty there is nothing to connect: Y_aug = Y, Ŷ_aug = Ŷ.
 *
 * @example
 * // the paper's DAG (Figure 8b): Y = {2.1, 3.2.1, 3.3}, Ŷ = {3.1, 3.2.1, 3.2.2}
 * lcaAugmentedSets(t, Y, Ŷ, "redundant"); // gold {2.1, 3.3, 3.2.1, 3, 3.2}, predicted {3.1, 3.2.1, 3.2.2, 3, 3.2}
 * lcaAugmentedSets(t, Y, Ŷ, "minimal");   // gold {2.1, 3.3, 3.2.1, 3},      predicted {3.1, 3.2.1, 3.2.2, 3}
 */
export function lcaAugmentedSets(
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  graph: Exclude<LcaGraph, "hemkit"> = "minimal",
): LcaAugmentedSets {
  const trueSet = uniqueSorted(gold);
  const predSet = uniqueSorted(predicted);
  if (trueSet.length === 0 || predSet.length === 0) return { gold: trueSet, predicted: predSet };

  // Each endpoint: a class, the graph (0 = G_t, 1 = G_p) its own half goes
  // to, and its links. A class found in both sets connects to itself and adds
  // nothing, so it is skipped.
  const endpoints: { node: number; side: 0 | 1; links: LcaLink[] }[] = [];
  const inPred = new Set(predSet);
  const inGold = new Set(trueSet);
  for (const node of trueSet) if (!inPred.has(node)) endpoints.push({ node, side: 0, links: lcaWithSet(taxonomy, node, predSet) });
  for (const node of predSet) if (!inGold.has(node)) endpoints.push({ node, side: 1, links: lcaWithSet(taxonomy, node, trueSet) });
  const sides = [inGold, inPred] as const;

  if (graph === "redundant") {
    for (const { node, side, links } of endpoints) {
      for (const { lca, partner } of links) {
        for (const v of nodesOnShortestUpPaths(taxonomy, node, lca)) sides[side].add(v);
        for (const v of nodesOnShortestUpPaths(taxonomy, partner, lca)) sides[1 - side]!.add(v);
      }
    }
    return { gold: uniqueSorted([...sides[0]]), predicted: uniqueSorted([...sides[1]]) };
  }

  // Keys: a node v of G_t is v, a node v of G_p is v + n. A class with a
  // single connection (the common case) is settled at once; the others go to
  // the solver of Problem 2.
  const n = taxonomy.nodeCount;
  const pending: Int32Array[][] = [];
  for (const { node, side, links } of endpoints) {
    const options: [number[], number[]][] = [];
    for (const { lca, partner } of links) {
      for (const own of upPaths(taxonomy, node, lca)) {
        for (const other of upPaths(taxonomy, partner, lca)) if (options.length < OPTION_LIMIT) options.push([own, other]);
      }
    }
    if (options.length === 1) {
      const [own, other] = options[0]!;
      for (const v of own) sides[side].add(v);
      for (const v of other) sides[1 - side]!.add(v);
    } else {
      const keys = (path: readonly number[], s: number): number[] => path.filter((v) => v !== ROOT).map((v) => v + s * n);
      pending.push(options.map(([own, other]) => Int32Array.from([...keys(own, side), ...keys(other, 1 - side)])));
    }
  }
  if (pending.length === 0) return { gold: uniqueSorted([...sides[0]]), predicted: uniqueSorted([...sides[1]]) };

  const base: number[] = [];
  for (const v of sides[0]) if (v !== ROOT) base.push(v);
  for (const v of sides[1]) if (v !== ROOT) base.push(v + n);
  const union = chooseMinimalUnion(base, pending, (key) => (key < n ? key + n : key - n));
  const goldOut: number[] = [];
  const predOut: number[] = [];
  for (const key of union) (key < n ? goldOut : predOut).push(key < n ? key : key - n);
  return { gold: goldOut.sort((a, b) => a - b), predicted: predOut.sort((a, b) => a - b) };
}
