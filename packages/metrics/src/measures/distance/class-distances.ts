import { MinHeap } from "../../collections/min-heap.ts";
import { CACHE_ENTRY_LIMIT } from "../../taxonomy/cache-limit.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import type { EdgeWeights } from "./distance-options.ts";

/**
 * Weighted distances between classes, for the distance-based measures of
 * "An Extensive Evaluation of Decision Tree-Based Hierarchical Multi-Label
 * Classification Methods and Performance Measures" (section 2.2.2).
 *
 * Dis(a, b) = min over common ancestors c (the virtual root included) of
 * up(a, c) + up(b, c), where up(x, c) is the lightest upward path from x to
 * c. In a tree that is the unique path through the lowest common ancestor; in
 * a DAG, the shortest path that climbs to a shared superclass and comes down.
 * Paths through a shared *subclass* are not used: two classes are close
 * because they specialise the same thing, not because something specialises both.
 *
 * Edge weight of parent → child: 1 ("constant"), or w0^(depth(parent)+1)
 * ("decay", Vens et al.'s w(c) = w0 · w(par(c)) with w = w0 on the top level;
 * depth is the shortest from the root, so a DAG edge takes its parent's
 * shallowest depth).
 *
 * Upward distance tables are built per node on first use and kept per
 * taxonomy and weighting, so a GermEval-size run walks the graph once; at most
 * POOL_LIMIT entries are kept (then the pools start over), so memory stays
 * bounded on a huge taxonomy.
 */
export class ClassDistances {
  readonly taxonomy: Taxonomy;
  readonly #weight: (parent: number) => number;
  /**
   * Every upward table in two shared pools (no object per node: at 325k
   * classes, an array pair per node cost more in memory and garbage
   * collection than it saved): node x's ancestors, ascending by id, are
   * `#nodes[#start[x] … #start[x] + #size[x] − 1]`, their distances alongside
   * in `#distances`; `#start[x]` is −1 until x's table is built.
   */
  readonly #start: Int32Array;
  readonly #size: Int32Array;
  #nodes = new Int32Array(1024);
  #distances = new Float64Array(1024);
  #used = 0;
  /** Scratch of the search: `#settled[x] === #stamp` once x's distance is final, that distance in `#distance[x]`. */
  readonly #settled: Int32Array;
  readonly #distance: Float64Array;
  #stamp = 0;
  readonly #frontier = new MinHeap();
  readonly #found: number[] = [];

  constructor(taxonomy: Taxonomy, weights: EdgeWeights) {
    this.taxonomy = taxonomy;
    this.#start = new Int32Array(taxonomy.nodeCount).fill(-1);
    this.#size = new Int32Array(taxonomy.nodeCount);
    this.#settled = new Int32Array(taxonomy.nodeCount);
    this.#distance = new Float64Array(taxonomy.nodeCount);
    if (weights === "constant") this.#weight = () => 1;
    else {
      const { decay } = weights;
      this.#weight = (parent) => decay ** (taxonomy.depth[parent]! + 1);
    }
  }

  /**
   * up(node, c) for every ancestor c of node, the node itself (0) and the root
   * included: a shortest-path search up the parent edges (Dijkstra; weights are
   * positive), iterative so a 100k-deep chain neither overflows the stack nor
   * caches a table per ancestor.
   */
  upward(node: number): ReadonlyMap<number, number> {
    const start = this.#table(node);
    const table = new Map<number, number>();
    for (let k = start; k < start + this.#size[node]!; k++) table.set(this.#nodes[k]!, this.#distances[k]!);
    return table;
  }

  /**
   * Dis(a, b), symmetric, 0 when a = b.
   *
   * @example
   * // root → A → A1 → A11, A1 → A12; root → B → B1 (constant weights)
   * distances.between(a11, a12); // 2
   * distances.between(a11, b1); // 5 (A11 → A1 → A → root → B → B1)
   */
  between(a: number, b: number): number {
    if (a === b) return 0;
    let i = this.#table(a);
    let j = this.#table(b);
    // Building b's table may have emptied the pools, and a's table with them.
    if (this.#start[a] !== i) i = this.#table(a);
    const iEnd = i + this.#size[a]!;
    const jEnd = j + this.#size[b]!;
    const nodes = this.#nodes;
    const distances = this.#distances;
    // The common ancestors, by a merge of the two ascending lists; the minimum does not depend on the order.
    let best = Infinity;
    while (i < iEnd && j < jEnd) {
      const p = nodes[i]!;
      const q = nodes[j]!;
      if (p < q) i += 1;
      else if (p > q) j += 1;
      else {
        const d = distances[i]! + distances[j]!;
        if (d < best) best = d;
        i += 1;
        j += 1;
      }
    }
    return best;
  }

  /** Where node's upward table starts in the pools, built on first use. */
  #table(node: number): number {
    const cached = this.#start[node]!;
    if (cached >= 0) return cached;
    const stamp = ++this.#stamp;
    const settled = this.#settled;
    const distance = this.#distance;
    const frontier = this.#frontier;
    const found = this.#found;
    found.length = 0;
    frontier.push(0, node);
    while (frontier.size > 0) {
      const d = frontier.topKey;
      const current = frontier.pop();
      if (settled[current] === stamp) continue;
      settled[current] = stamp;
      found.push(current);
      distance[current] = d;
      for (const parent of this.taxonomy.parents[current]!) {
        if (settled[parent] !== stamp) frontier.push(d + this.#weight(parent), parent);
      }
    }
    found.sort((x, y) => x - y);
    if (this.#used + found.length > POOL_LIMIT) this.#empty();
    if (this.#used + found.length > this.#nodes.length) this.#grow(this.#used + found.length);
    const start = this.#used;
    for (let k = 0; k < found.length; k++) {
      this.#nodes[start + k] = found[k]!;
      this.#distances[start + k] = distance[found[k]!]!;
    }
    this.#used += found.length;
    this.#start[node] = start;
    this.#size[node] = found.length;
    return start;
  }

  /** Forgets every table (the pools keep their capacity). */
  #empty(): void {
    this.#start.fill(-1);
    this.#used = 0;
  }

  #grow(needed: number): void {
    const capacity = Math.max(needed, 2 * this.#nodes.length);
    const nodes = new Int32Array(capacity);
    nodes.set(this.#nodes.subarray(0, this.#used));
    const distances = new Float64Array(capacity);
    distances.set(this.#distances.subarray(0, this.#used));
    this.#nodes = nodes;
    this.#distances = distances;
  }
}

/** Pool entries kept: room for the tables of about CACHE_ENTRY_LIMIT nodes of an LSHTC-size DAG (≈ 6 ancestors each). */
const POOL_LIMIT = 8 * CACHE_ENTRY_LIMIT;

const cache = new WeakMap<Taxonomy, Map<string, ClassDistances>>();

/**
 * The shared `ClassDistances` of a taxonomy under a weighting.
 *
 * @example
 * classDistances(taxonomy, { decay: 0.5 }).between(a11, b1); // 1.625
 */
export function classDistances(taxonomy: Taxonomy, weights: EdgeWeights): ClassDistances {
  let byWeights = cache.get(taxonomy);
  if (!byWeights) cache.set(taxonomy, (byWeights = new Map()));
  const key = weights === "constant" ? "constant" : `decay:${weights.decay}`;
  let distances = byWeights.get(key);
  if (!distances) byWeights.set(key, (distances = new ClassDistances(taxonomy, weights)));
  return distances;
}
