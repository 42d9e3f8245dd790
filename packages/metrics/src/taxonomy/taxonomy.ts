import { compareCodePoints } from "./compare-code-points.ts";

/** Node id of the virtual root that the engine puts above every top-level node. */
export const ROOT = 0;

type Path = readonly number[];

/**
 * A validated taxonomy (tree or DAG) under a virtual root, with everything
 * scoring needs precomputed: depths, ancestor sets and neighbour counts.
 * Node ids are dense integers; `names[id]` is the label, and id 0 is the root.
 */
export class Taxonomy {
  readonly names: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
  /** Direct children of each node, in the order of the taxonomy file. */
  readonly children: readonly (readonly number[])[];
  /** Direct parents of each node; the root's top-level children have parent 0. */
  readonly parents: readonly (readonly number[])[];
  /** Shortest distance from the root: top-level nodes have depth 1. */
  readonly depth: Int32Array;
  /** Every proper ancestor of each node, the root excluded. */
  readonly ancestors: readonly Int32Array[];
  /** |N(x)|: the other children of x's parents (the root has none). */
  readonly neighbourCount: Int32Array;
  readonly isDag: boolean;
  readonly maxDepth: number;
  readonly warnings: readonly string[];

  readonly #rootPaths = new Map<number, readonly Path[]>();
  #nameRank: Int32Array | undefined;
  #childPosition: Map<number, number> | undefined;
  #multiParentChildren: (readonly number[])[] | undefined;

  constructor(names: readonly string[], children: readonly (readonly number[])[], topologicalOrder: readonly number[], warnings: readonly string[]) {
    this.names = names;
    this.children = children;
    this.warnings = warnings;
    const n = names.length;
    this.ids = new Map(names.map((name, id) => [name, id] as [string, number]).slice(1));

    const parents: number[][] = Array.from({ length: n }, () => []);
    children.forEach((kids, parent) => kids.forEach((child) => parents[child]!.push(parent)));
    this.parents = parents;
    this.isDag = parents.some((ps) => ps.length > 1);

    this.depth = breadthFirstDepths(children);
    let maxDepth = 0;
    for (let id = 1; id < n; id++) maxDepth = Math.max(maxDepth, this.depth[id]!);
    this.maxDepth = maxDepth;

    this.ancestors = ancestorSets(parents, topologicalOrder);
    this.neighbourCount = neighbourCounts(parents, children);
  }

  /** Number of labels (nodes other than the root). */
  get size(): number {
    return this.names.length - 1;
  }

  get nodeCount(): number {
    return this.names.length;
  }

  id(name: string): number | undefined {
    return this.ids.get(name);
  }

  isChildOf(child: number, parent: number): boolean {
    return this.parents[child]!.includes(parent);
  }

  /** The children of `node` that have more than one parent (empty in a tree). */
  multiParentChildren(node: number): readonly number[] {
    this.#multiParentChildren ??= this.children.map((kids) => kids.filter((c) => this.parents[c]!.length > 1));
    return this.#multiParentChildren[node]!;
  }

  /**
   * Every root-to-node path, root included, in depth-first enumeration order
   * (following child order). Cached per node.
   */
  rootPaths(node: number): readonly Path[] {
    const cached = this.#rootPaths.get(node);
    if (cached) return cached;
    let paths: Path[];
    if (node === ROOT) paths = [[ROOT]];
    else {
      paths = [];
      for (const parent of this.parents[node]!) {
        for (const prefix of this.rootPaths(parent)) paths.push([...prefix, node]);
      }
      if (paths.length > 1) paths.sort((a, b) => this.#compareEnumeration(a, b));
    }
    this.#rootPaths.set(node, paths);
    return paths;
  }

  /** Rank of each node's name in code-point order, for comparing paths by name. */
  get nameRank(): Int32Array {
    if (!this.#nameRank) {
      const order = this.names.map((_, id) => id).sort((a, b) => compareCodePoints(this.names[a]!, this.names[b]!));
      const rank = new Int32Array(this.names.length);
      order.forEach((id, position) => (rank[id] = position));
      this.#nameRank = rank;
    }
    return this.#nameRank;
  }

  /** The taxonomy's edges as `[parent, child]` names, `null` for the root. */
  edges(): [string | null, string][] {
    const out: [string | null, string][] = [];
    this.children.forEach((kids, parent) => {
      for (const child of kids) out.push([parent === ROOT ? null : this.names[parent]!, this.names[child]!]);
    });
    return out;
  }

  #compareEnumeration(a: Path, b: Path): number {
    const n = Math.min(a.length, b.length);
    for (let i = 1; i < n; i++) {
      if (a[i] === b[i]) continue;
      return this.#positionUnder(a[i - 1]!, a[i]!) - this.#positionUnder(b[i - 1]!, b[i]!);
    }
    return a.length - b.length;
  }

  #positionUnder(parent: number, child: number): number {
    if (!this.#childPosition) {
      const positions = new Map<number, number>();
      const n = this.names.length;
      this.children.forEach((kids, p) => kids.forEach((c, i) => positions.set(p * n + c, i)));
      this.#childPosition = positions;
    }
    return this.#childPosition.get(parent * this.names.length + child) ?? 0;
  }
}

function breadthFirstDepths(children: readonly (readonly number[])[]): Int32Array {
  const depth = new Int32Array(children.length).fill(-1);
  depth[ROOT] = 0;
  const queue = [ROOT];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const child of children[node]!) {
      if (depth[child] !== -1) continue;
      depth[child] = depth[node]! + 1;
      queue.push(child);
    }
  }
  return depth;
}

function ancestorSets(parents: readonly (readonly number[])[], topologicalOrder: readonly number[]): Int32Array[] {
  const ancestors: Int32Array[] = new Array(parents.length);
  const none = new Int32Array(0);
  for (const node of topologicalOrder) {
    const ps = parents[node]!;
    if (node === ROOT) ancestors[node] = none;
    else if (ps.length === 1) {
      const parent = ps[0]!;
      if (parent === ROOT) ancestors[node] = none;
      else {
        const above = ancestors[parent]!;
        const own = new Int32Array(above.length + 1);
        own.set(above);
        own[above.length] = parent;
        ancestors[node] = own;
      }
    } else {
      const set = new Set<number>();
      for (const parent of ps) {
        if (parent === ROOT) continue;
        set.add(parent);
        for (const a of ancestors[parent]!) set.add(a);
      }
      ancestors[node] = Int32Array.from(set).sort();
    }
  }
  return ancestors;
}

function neighbourCounts(parents: readonly (readonly number[])[], children: readonly (readonly number[])[]): Int32Array {
  const counts = new Int32Array(parents.length);
  for (let node = 1; node < parents.length; node++) {
    const ps = parents[node]!;
    if (ps.length === 1) counts[node] = children[ps[0]!]!.length - 1;
    else {
      const set = new Set<number>();
      for (const p of ps) for (const c of children[p]!) if (c !== node) set.add(c);
      counts[node] = set.size;
    }
  }
  return counts;
}
