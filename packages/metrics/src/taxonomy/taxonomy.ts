import { CACHE_ENTRY_LIMIT } from "./cache-limit.ts";
import { compareCodePoints } from "./compare-code-points.ts";
import { ancestorSets } from "./ancestor-sets.ts";
import { exactList } from "./exact-list.ts";
import type { TaxonomyShape } from "./taxonomy-shape.ts";

/** Node id of the virtual root that the engine puts above every top-level node. */
export const ROOT = 0;

/** Re-exported where it always was. */
export { ANCESTOR_ENTRY_BUDGET } from "./ancestor-sets.ts";

type Path = readonly number[];

/** A node's only root path, when it has fewer ancestors than this, is made anew at each call; a longer one is cached (`rootPaths`). */
const SHORT_PATH = 64;

/** What a `Taxonomy` is made of; the rest is derived from it. */
export interface TaxonomyParts {
  readonly names: readonly string[];
  /** Each node's children, in file order: exact-size lists (`exactList`), kept as given. */
  readonly children: readonly (readonly number[])[];
  /** `names[id]` → id for every node but the root, in id order, when the caller has made it already. */
  readonly ids?: ReadonlyMap<string, number>;
  /** The nodes, each parent before its children (`topologicalOrder`). */
  readonly topologicalOrder: readonly number[];
  readonly warnings: readonly string[];
  /** Only names the input in an InputError. */
  readonly file?: string;
  readonly cutAway?: ReadonlyMap<string, number>;
}

/**
 * A validated taxonomy (tree or DAG) under a virtual root, with everything
 * scoring needs precomputed: depths, ancestor sets and neighbour counts.
 * Node ids are dense integers; `names[id]` is the label, and id 0 is the root.
 */
export class Taxonomy implements TaxonomyShape {
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
  /** The labels a maximum depth cut away (`cutTaxonomy`), with their depth in the full taxonomy. */
  readonly cutAway: ReadonlyMap<string, number>;

  readonly #rootPaths = new Map<number, readonly Path[]>();
  /** 1 for a node with exactly one root path (each node on it has one parent): that path is its ancestors in order. */
  readonly #singleRootPath: Uint8Array;
  #nameRank: Int32Array | undefined;
  #childPosition: (readonly number[])[] | undefined;
  #multiParentChildren: (readonly number[])[] | undefined;
  #lookAlikes: Map<string, string> | undefined;

  constructor(parts: TaxonomyParts) {
    const { names, children, topologicalOrder, file } = parts;
    this.names = names;
    this.cutAway = parts.cutAway ?? new Map();
    this.children = children;
    this.warnings = parts.warnings;
    const n = names.length;
    this.ids = parts.ids ?? idsOf(names);
    this.parents = parentLists(children);
    this.isDag = this.parents.some((ps) => ps.length > 1);

    this.depth = breadthFirstDepths(children);
    let maxDepth = 0;
    for (let id = 1; id < n; id++) maxDepth = Math.max(maxDepth, this.depth[id]!);
    this.maxDepth = maxDepth;

    this.ancestors = ancestorSets(this.parents, topologicalOrder, file);
    this.#singleRootPath = singleRootPathFlags(this.parents, topologicalOrder);
    this.neighbourCount = neighbourCounts(this.parents, children);
  }

  /** Number of labels (nodes other than the root). */
  get size(): number {
    return this.names.length - 1;
  }

  get nodeCount(): number {
    return this.names.length;
  }

  /** The node of a label, compared as Unicode NFC (names are stored in NFC; most input already is, and skips normalising). */
  id(name: string): number | undefined {
    const id = this.ids.get(name);
    if (id !== undefined) return id;
    const nfc = name.normalize("NFC");
    return nfc === name ? undefined : this.ids.get(nfc);
  }

  /**
   * The label that `name` differs from only by surrounding spaces, case or Unicode compatibility
   * form (NFKC), if there is one: for an error that names the look-alike.
   */
  lookAlike(name: string): string | undefined {
    this.#lookAlikes ??= new Map([...this.ids.keys()].reverse().map((known) => [lookAlikeKey(known), known]));
    return this.#lookAlikes.get(lookAlikeKey(name));
  }

  childrenOf(node: number): readonly number[] {
    return this.children[node]!;
  }

  parentsOf(node: number): readonly number[] {
    return this.parents[node]!;
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
   * (following child order). A node with one short root path gets it made anew
   * from its ancestors; the paths of other nodes are cached (at most
   * CACHE_ENTRY_LIMIT nodes, then the cache starts over, so memory stays bounded).
   */
  rootPaths(node: number): readonly Path[] {
    if (this.#hasShortOnlyRootPath(node)) return [this.#onlyRootPath(node)];
    const cached = this.#rootPaths.get(node);
    if (cached) return cached;
    const paths = this.#singleRootPath[node] === 1 ? [this.#onlyRootPath(node)] : this.#enumerateRootPaths(node);
    if (paths.length > 1) paths.sort((a, b) => this.#compareEnumeration(a, b));
    if (this.#rootPaths.size >= CACHE_ENTRY_LIMIT) this.#rootPaths.clear();
    this.#rootPaths.set(node, paths);
    return paths;
  }

  /** Whether `node` has exactly one root path (it and every node above it have one parent); false for the root. */
  hasOneRootPath(node: number): boolean {
    return this.#singleRootPath[node] === 1;
  }

  /** The first of `rootPaths(node)`: for most nodes of most taxonomies their only one, made without the cache. */
  firstRootPath(node: number): Path {
    return this.#hasShortOnlyRootPath(node) ? this.#onlyRootPath(node) : this.rootPaths(node)[0]!;
  }

  /**
   * Whether `node` has one root path, through fewer than SHORT_PATH ancestors: copying a few
   * ancestors costs less than a cache that documents spread over a large taxonomy keep emptying,
   * while a long path (a deep chain) is worth keeping.
   */
  #hasShortOnlyRootPath(node: number): boolean {
    return this.#singleRootPath[node] === 1 && this.ancestors[node]!.length < SHORT_PATH;
  }

  /** The root path of a node with only one: its ancestors are that path's nodes in order (each one-parent node's set is its parent's set, then the parent). */
  #onlyRootPath(node: number): Path {
    const above = this.ancestors[node]!;
    const path = [ROOT];
    for (let i = 0; i < above.length; i++) path.push(above[i]!);
    path.push(node);
    return path;
  }

  /**
   * Walks up the parents with an explicit stack rather than recursion, so a
   * chain 100k deep neither overflows the call stack nor caches a path for
   * every node on the way (which would be quadratic in the depth).
   */
  #enumerateRootPaths(node: number): Path[] {
    if (node === ROOT) return [[ROOT]];
    const paths: Path[] = [];
    const upward: number[] = [node];
    const nextParent: number[] = [0];
    while (upward.length > 0) {
      const top = upward[upward.length - 1]!;
      if (top === ROOT) {
        paths.push(upward.slice().reverse());
        upward.pop();
        nextParent.pop();
        continue;
      }
      const ps = this.parents[top]!;
      const i = nextParent[nextParent.length - 1]!;
      if (i < ps.length) {
        nextParent[nextParent.length - 1] = i + 1;
        upward.push(ps[i]!);
        nextParent.push(0);
      } else {
        upward.pop();
        nextParent.pop();
      }
    }
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

  /**
   * The child's position among `parent`'s children, 0 when it is not one.
   * Kept beside each child's parents (`#childPosition[c][k]` is c's position
   * under `parents[c][k]`), so a lookup scans a node's one or two parents
   * rather than hashing an edge in a map of every edge.
   */
  #positionUnder(parent: number, child: number): number {
    if (!this.#childPosition) {
      const positions: number[][] = Array.from({ length: this.names.length }, () => []);
      // The same walk that filled `parents`, so the two lists line up.
      for (const kids of this.children) kids.forEach((c, i) => positions[c]!.push(i));
      this.#childPosition = positions.map((list) => exactList(list));
    }
    const ps = this.parents[child]!;
    // From the end: with an edge listed twice, the later position counts, as it always has.
    for (let k = ps.length - 1; k >= 0; k--) if (ps[k] === parent) return this.#childPosition[child]![k]!;
    return 0;
  }
}

/** The node of each label; filled in place (a [name, id] pair per node to build it from was ≈ 20 MiB of garbage at 325k classes). */
function idsOf(names: readonly string[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (let id = 1; id < names.length; id++) ids.set(names[id]!, id);
  return ids;
}

/**
 * Each node's parents in ascending order (the order of a walk over the children lists), as
 * exact-size lists: counted first, then filled. The one-parent children of a parent share its
 * one-element list, so most nodes of a large taxonomy add no list of their own.
 */
function parentLists(children: readonly (readonly number[])[]): (readonly number[])[] {
  const n = children.length;
  const start = new Int32Array(n + 1);
  for (const kids of children) for (const child of kids) start[child + 1] = start[child + 1]! + 1;
  for (let node = 0; node < n; node++) start[node + 1] = start[node + 1]! + start[node]!;
  const next = start.slice(0, n);
  const flat = new Int32Array(start[n]!);
  children.forEach((kids, parent) => {
    for (const child of kids) flat[next[child]!++] = parent;
  });
  const onlyParent = new Array<readonly number[] | undefined>(n);
  const scratch: number[] = [];
  const lists: (readonly number[])[] = [];
  for (let node = 0; node < n; node++) {
    const from = start[node]!;
    const length = start[node + 1]! - from;
    if (length === 1) {
      const parent = flat[from]!;
      lists.push((onlyParent[parent] ??= [parent]));
      continue;
    }
    for (let k = 0; k < length; k++) scratch[k] = flat[from + k]!;
    lists.push(exactList(scratch, length));
  }
  return lists;
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

/**
 * 1 for each node with exactly one root path: one parent, itself the root or such a node. The
 * root's own path, [root], is left to the enumeration.
 */
function singleRootPathFlags(parents: readonly (readonly number[])[], topologicalOrder: readonly number[]): Uint8Array {
  const single = new Uint8Array(parents.length);
  for (const node of topologicalOrder) {
    const ps = parents[node]!;
    if (ps.length === 1 && (ps[0] === ROOT || single[ps[0]!] === 1)) single[node] = 1;
  }
  return single;
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

function lookAlikeKey(name: string): string {
  return name.normalize("NFKC").trim().toLowerCase();
}
