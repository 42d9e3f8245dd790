import { CACHE_ENTRY_LIMIT } from "../../taxonomy/cache-limit.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * A node's ancestors-or-self (the virtual root included) with the length of
 * the shortest upward path to each, sorted by node id so that two tables can
 * be intersected by a linear merge.
 */
export interface UpDistances {
  readonly nodes: Int32Array;
  readonly dist: Int32Array;
}

/** The tables built so far, by node, and how many (emptied at CACHE_ENTRY_LIMIT). */
interface TableCache {
  perNode: (UpDistances | undefined)[];
  count: number;
}

const tables = new WeakMap<Taxonomy, TableCache>();

/**
 * The up-distance table of `node`: d↑(node, a) = the number of edges on the
 * shortest directed path from a down to node, for every ancestor-or-self a
 * (d↑(node, node) = 0, the root included). Built once per node and taxonomy
 * (a breadth-first walk over parents) and cached, so a 325k-node DAG only pays
 * for the nodes that documents use; the cache is emptied when it holds
 * CACHE_ENTRY_LIMIT tables, so its memory stays bounded. The distances behind the LCAs and pair
 * costs of "Evaluation Measures for Hierarchical Classification: a unified
 * view and novel approaches".
 *
 * @example
 * // taxonomy A → B → C (ids 1, 2, 3; the root is 0):
 * upDistances(t, C); // { nodes: [0, 1, 2, 3], dist: [3, 2, 1, 0] }
 */
export function upDistances(taxonomy: Taxonomy, node: number): UpDistances {
  let cache = tables.get(taxonomy);
  if (!cache) tables.set(taxonomy, (cache = { perNode: new Array<UpDistances | undefined>(taxonomy.nodeCount), count: 0 }));
  const cached = cache.perNode[node];
  if (cached) return cached;
  const distance = new Map<number, number>([[node, 0]]);
  const queue = [node];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    const next = distance.get(v)! + 1;
    for (const p of taxonomy.parents[v]!) {
      if (distance.has(p)) continue;
      distance.set(p, next);
      queue.push(p);
    }
  }
  const nodes = Int32Array.from(distance.keys()).sort();
  const dist = new Int32Array(nodes.length);
  nodes.forEach((a, i) => (dist[i] = distance.get(a)!));
  const table: UpDistances = { nodes, dist };
  if (cache.count >= CACHE_ENTRY_LIMIT) {
    cache.perNode = new Array<UpDistances | undefined>(taxonomy.nodeCount);
    cache.count = 0;
  }
  cache.perNode[node] = table;
  cache.count += 1;
  return table;
}

/**
 * d↑(node, ancestor), the shortest upward path length, or -1 when `ancestor`
 * is not an ancestor-or-self of `node` (a binary search in `upDistances`).
 *
 * @example
 * // taxonomy A → B → C:
 * upDistance(t, C, A); // 2
 * upDistance(t, A, C); // -1
 */
export function upDistance(taxonomy: Taxonomy, node: number, ancestor: number): number {
  const { nodes, dist } = upDistances(taxonomy, node);
  let lo = 0;
  let hi = nodes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = nodes[mid]!;
    if (v === ancestor) return dist[mid]!;
    if (v < ancestor) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The shortest connection of two classes through a common ancestor. */
export interface Connection {
  /** min over common ancestors c of d↑(a, c) + d↑(b, c). */
  readonly distance: number;
  /** Every common ancestor reaching that minimum: the LCA set of Definition 2 (sorted by id). */
  readonly lcas: readonly number[];
}

/**
 * The distance between two classes and their lowest common ancestors, with
 * the shortest-path definition that the paper uses for DAGs ("Evaluation
 * Measures for Hierarchical Classification: a unified view and novel
 * approaches", Definition 2): among all paths a ↑ c ↓ b through a common
 * ancestor c (the virtual root included), the shortest ones; LCA(a, b) is the
 * set of their top nodes c. In a tree this is the usual LCA and
 * d(a, b) = depth(a) + depth(b) − 2·depth(LCA).
 *
 * @example
 * // tree A → {B, C}, B → D:
 * connect(t, D, C); // { distance: 3, lcas: [A] }
 */
export function connect(taxonomy: Taxonomy, a: number, b: number): Connection {
  const x = upDistances(taxonomy, a);
  const y = upDistances(taxonomy, b);
  let best = Infinity;
  let lcas: number[] = [];
  let i = 0;
  let j = 0;
  while (i < x.nodes.length && j < y.nodes.length) {
    const u = x.nodes[i]!;
    const v = y.nodes[j]!;
    if (u < v) i++;
    else if (v < u) j++;
    else {
      const d = x.dist[i]! + y.dist[j]!;
      if (d < best) {
        best = d;
        lcas = [u];
      } else if (d === best) lcas.push(u);
      i++;
      j++;
    }
  }
  return { distance: best, lcas };
}

/**
 * The graph distance d(a, b) = min over common ancestors c of d↑(a, c) + d↑(b, c)
 * (the `distance` of `connect`, without the LCA list; the root is always a
 * common ancestor, so it is finite). Equation 1 of "Evaluation Measures for
 * Hierarchical Classification: a unified view and novel approaches" with unit
 * edge weights, the shortest path in a DAG.
 *
 * @example
 * // tree A → {B, C}, B → D:
 * classDistance(t, D, C); // 3
 * classDistance(t, D, D); // 0
 */
export function classDistance(taxonomy: Taxonomy, a: number, b: number): number {
  if (a === b) return 0;
  const x = upDistances(taxonomy, a);
  const y = upDistances(taxonomy, b);
  let best = Infinity;
  let i = 0;
  let j = 0;
  while (i < x.nodes.length && j < y.nodes.length) {
    const u = x.nodes[i]!;
    const v = y.nodes[j]!;
    if (u < v) i++;
    else if (v < u) j++;
    else {
      best = Math.min(best, x.dist[i]! + y.dist[j]!);
      i++;
      j++;
    }
  }
  return best;
}

/**
 * Every node on some shortest upward path from `node` to its ancestor `top`
 * (both ends included): the v with d↑(node, v) + d↑(v, top) = d↑(node, top).
 * The redundant LCA graph of the paper (Figure 9) takes all of them.
 *
 * @example
 * // DAG A → {B, C}, B → D, C → D:
 * nodesOnShortestUpPaths(t, D, A); // [A, B, C, D] (by id)
 */
export function nodesOnShortestUpPaths(taxonomy: Taxonomy, node: number, top: number): number[] {
  const total = upDistance(taxonomy, node, top);
  const { nodes, dist } = upDistances(taxonomy, node);
  const out: number[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const v = nodes[i]!;
    const below = dist[i]!;
    if (below > total) continue;
    const above = upDistance(taxonomy, v, top);
    if (above >= 0 && below + above === total) out.push(v);
  }
  return out;
}

/**
 * The shortest upward paths from `node` to its ancestor `top`, each listed
 * from `node` up, parents taken in the taxonomy's order; at most `limit` of
 * them (a tree has exactly one). The minimal LCA graph (Problem 2 of the
 * paper) picks one of them.
 *
 * @example
 * // DAG A → {B, C}, B → D, C → D:
 * shortestUpPaths(t, D, A, 16); // [[D, B, A], [D, C, A]]
 */
export function shortestUpPaths(taxonomy: Taxonomy, node: number, top: number, limit: number): number[][] {
  const paths: number[][] = [];
  const path: number[] = [];
  const walk = (v: number, left: number): void => {
    if (paths.length >= limit) return;
    path.push(v);
    if (left === 0) paths.push([...path]);
    else {
      for (const p of taxonomy.parents[v]!) {
        if (upDistance(taxonomy, p, top) === left - 1) walk(p, left - 1);
        if (paths.length >= limit) break;
      }
    }
    path.pop();
  };
  walk(node, upDistance(taxonomy, node, top));
  return paths;
}
