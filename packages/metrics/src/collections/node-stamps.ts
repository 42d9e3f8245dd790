/**
 * A set of nodes made once and emptied in O(1): `begin` starts a new set by moving the stamp, and a
 * node is in the set when it carries the current stamp. For per-document sets in hot loops, where
 * a `Set` per document would feed the garbage collector. One set at a time per instance.
 *
 * @example
 * const wrong = new NodeStamps(taxonomy.nodeCount);
 * wrong.begin();
 * wrong.add(7);
 * wrong.has(7); // true
 * wrong.begin();
 * wrong.has(7); // false
 */
export class NodeStamps {
  #stamps: Int32Array;
  #stamp = 0;

  constructor(nodeCount: number) {
    this.#stamps = new Int32Array(nodeCount);
  }

  /** Empties the set. */
  begin(): void {
    if (this.#stamp === 0x7fffffff) {
      this.#stamps.fill(0);
      this.#stamp = 0;
    }
    this.#stamp += 1;
  }

  add(node: number): void {
    this.#stamps[node] = this.#stamp;
  }

  has(node: number): boolean {
    return this.#stamps[node] === this.#stamp;
  }
}

/**
 * A keeper of one NodeStamps per taxonomy, sized to its nodes, made on first use.
 *
 * @example
 * const wrongNodes = stampsPerTaxonomy();
 * const wrong = wrongNodes(taxonomy);
 */
export function stampsPerTaxonomy(): (taxonomy: { readonly nodeCount: number }) => NodeStamps {
  const made = new WeakMap<object, NodeStamps>();
  return (taxonomy) => {
    let stamps = made.get(taxonomy);
    if (!stamps) made.set(taxonomy, (stamps = new NodeStamps(taxonomy.nodeCount)));
    return stamps;
  };
}
