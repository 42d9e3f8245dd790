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
 * taxonomy and weighting, so a GermEval-size run walks the graph once.
 */
export class ClassDistances {
  readonly taxonomy: Taxonomy;
  readonly #weight: (parent: number) => number;
  /** Each node's upward table, ancestors ascending by id with their distances (built on first use). */
  readonly #up: (UpwardTable | undefined)[] = [];
  /** Scratch of the search: `#settled[x] === #stamp` once x's distance is final. */
  readonly #settled: Int32Array;
  /** Scratch of the search: the final distance of each settled node. */
  readonly #distance: Float64Array;
  #stamp = 0;
  readonly #frontier = new MinHeap();

  constructor(taxonomy: Taxonomy, weights: EdgeWeights) {
    this.taxonomy = taxonomy;
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
    const { nodes, distances } = this.#table(node);
    return new Map(Array.from(nodes, (ancestor, i) => [ancestor, distances[i]!] as [number, number]));
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
    const x = this.#table(a);
    const y = this.#table(b);
    // The common ancestors, by a merge of the two ascending lists; the minimum does not depend on the order.
    const xs = x.nodes;
    const ys = y.nodes;
    let best = Infinity;
    let i = 0;
    let j = 0;
    while (i < xs.length && j < ys.length) {
      const p = xs[i]!;
      const q = ys[j]!;
      if (p < q) i += 1;
      else if (p > q) j += 1;
      else {
        const d = x.distances[i]! + y.distances[j]!;
        if (d < best) best = d;
        i += 1;
        j += 1;
      }
    }
    return best;
  }

  #table(node: number): UpwardTable {
    const cached = this.#up[node];
    if (cached) return cached;
    const stamp = ++this.#stamp;
    const settled = this.#settled;
    const frontier = this.#frontier;
    const distance = this.#distance;
    const found: number[] = [];
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
    const nodes = Int32Array.from(found).sort();
    const table = { nodes, distances: Float64Array.from(nodes, (ancestor) => distance[ancestor]!) };
    this.#up[node] = table;
    return table;
  }
}

/** up(node, ·) as two parallel arrays: ancestors (and the node) ascending by id, and their distances. */
interface UpwardTable {
  readonly nodes: Int32Array;
  readonly distances: Float64Array;
}

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

/** A binary min-heap of (distance, node) pairs. */
class MinHeap {
  readonly #keys: number[] = [];
  readonly #nodes: number[] = [];

  get size(): number {
    return this.#keys.length;
  }

  push(key: number, node: number): void {
    const keys = this.#keys;
    const nodes = this.#nodes;
    let i = keys.length;
    keys.push(key);
    nodes.push(node);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (keys[up]! <= key) break;
      keys[i] = keys[up]!;
      nodes[i] = nodes[up]!;
      i = up;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  /** The smallest key (read before `pop`). */
  get topKey(): number {
    return this.#keys[0]!;
  }

  /** Removes the entry of the smallest key and returns its node. */
  pop(): number {
    const keys = this.#keys;
    const nodes = this.#nodes;
    const top = nodes[0]!;
    const lastKey = keys.pop()!;
    const lastNode = nodes.pop()!;
    if (keys.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= keys.length) break;
        const right = left + 1;
        const child = right < keys.length && keys[right]! < keys[left]! ? right : left;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        nodes[i] = nodes[child]!;
        i = child;
      }
      keys[i] = lastKey;
      nodes[i] = lastNode;
    }
    return top;
  }
}
