import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * `descendantCounts` into a table made once per taxonomy: x_c by node in an Int32Array and the
 * nodes counted, in the order they were first counted (the Map's order), so that a document
 * allocates nothing. `reset` clears only the nodes counted.
 *
 * @example
 * const x = new NodeCounts(taxonomy.nodeCount);
 * x.countUp(taxonomy, [id("364.11"), id("364.3")]);
 * x.of(id("364")); // 2
 * x.reset();
 */
export class NodeCounts {
  readonly #counts: Int32Array;
  readonly #nodes: Int32Array;
  #length = 0;

  constructor(size: number) {
    this.#counts = new Int32Array(size);
    this.#nodes = new Int32Array(size);
  }

  /** How many nodes have a count above zero. */
  get length(): number {
    return this.#length;
  }

  /** The i-th node counted. */
  node(i: number): number {
    return this.#nodes[i]!;
  }

  /** x_c of `node`: 0 when not counted. */
  of(node: number): number {
    return this.#counts[node]!;
  }

  /** Adds 1 to each label and once to each of its ancestors (the root excluded). */
  countUp(taxonomy: Taxonomy, labels: readonly number[]): void {
    for (const label of labels) {
      this.#add(label);
      const ancestors = taxonomy.ancestors[label]!;
      for (let i = 0; i < ancestors.length; i++) this.#add(ancestors[i]!);
    }
  }

  reset(): void {
    for (let i = 0; i < this.#length; i++) this.#counts[this.#nodes[i]!] = 0;
    this.#length = 0;
  }

  #add(node: number): void {
    const counts = this.#counts;
    if (counts[node] === 0) this.#nodes[this.#length++] = node;
    counts[node] = counts[node]! + 1;
  }
}
