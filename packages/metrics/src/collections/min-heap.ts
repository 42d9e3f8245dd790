/** A binary min-heap of (key, node) pairs: Dijkstra's frontier, the path cover's candidates. */
export class MinHeap {
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
