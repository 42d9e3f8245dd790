import { InputError } from "../errors/input-error.ts";
import { ROOT } from "./taxonomy.ts";

/**
 * Ancestor entries one taxonomy may hold in all (256 MiB of Int32). A real
 * taxonomy holds a few million; beyond this the input is refused with an
 * InputError instead of the process running out of memory.
 */
export const ANCESTOR_ENTRY_BUDGET = 2 ** 26;

/** Entries of one shared buffer that ancestor sets are cut from; a larger set gets a buffer of its own. */
const CHUNK_ENTRIES = 1 << 16;

/**
 * Hands out room for sets from large shared buffers. A set is then one view, with no buffer of its
 * own: an Int32Array with its own buffer costs ≈ 220 bytes of heap besides its entries, a view into a
 * shared one ≈ 100, which at 325k classes (≈ 170k distinct sets) was ≈ 19 MiB of what a parsed
 * taxonomy keeps.
 */
class EntryPool {
  buffer = new ArrayBuffer(0);
  #used = 0;

  /** Room for `entries` in `buffer`, from the entry returned. */
  reserve(entries: number): number {
    if (this.#used + entries > this.buffer.byteLength / 4) {
      this.buffer = new ArrayBuffer(4 * Math.max(CHUNK_ENTRIES, entries));
      this.#used = 0;
    }
    const at = this.#used;
    this.#used += entries;
    return at;
  }
}

/**
 * Every proper ancestor of each node, the root excluded: for a one-parent node its parent's set,
 * then the parent, in that order; for another node the union of its parents' sets and the parents,
 * ascending. Refuses a taxonomy whose sets would exceed ANCESTOR_ENTRY_BUDGET with an InputError.
 */
export function ancestorSets(
  parents: readonly (readonly number[])[],
  topologicalOrder: readonly number[],
  file: string | undefined,
): Int32Array[] {
  const nodes = parents.length;
  const ancestors: Int32Array[] = new Array(nodes);
  const none = new Int32Array(0);
  const pool = new EntryPool();
  // Every single-parent child of p has the same set, p's ancestors then p: it is built once per
  // parent, in a region of room for twice its length, and grown in place by a child's set while the
  // region has room and no longer set was cut from it, so a 100k-deep chain takes linear rather
  // than quadratic memory. A region: its buffer, first entry, room, and the longest set cut from it.
  const regionBuffer: ArrayBuffer[] = [];
  const regionStart: number[] = [];
  const regionRoom: number[] = [];
  const regionClaimed: number[] = [];
  const regionOf = new Int32Array(nodes).fill(-1); // the region of ancestors[node]; -1: the empty set or a union
  const below: (Int32Array | undefined)[] = new Array(nodes);
  const belowRegion = new Int32Array(nodes);
  const markedFor = new Int32Array(nodes);
  let held = 0;
  const hold = (entries: number): void => {
    held += entries;
    if (held > ANCESTOR_ENTRY_BUDGET) {
      throw new InputError(
        "TOO_LARGE",
        `expected a taxonomy whose ancestor sets hold at most ${ANCESTOR_ENTRY_BUDGET} entries in all, got more (too deep or too densely connected)`,
        { file },
      );
    }
  };
  const setBelow = (parent: number): Int32Array => {
    const cached = below[parent];
    if (cached) return cached;
    const above = ancestors[parent]!;
    const n = above.length;
    let region = regionOf[parent]!;
    let own: Int32Array;
    if (region >= 0 && regionClaimed[region] === n && regionRoom[region]! >= n + 1) {
      own = new Int32Array(regionBuffer[region]!, 4 * regionStart[region]!, n + 1);
    } else {
      const room = Math.max(4, 2 * (n + 1));
      hold(room);
      const start = pool.reserve(room);
      region = regionBuffer.length;
      regionBuffer.push(pool.buffer);
      regionStart.push(start);
      regionRoom.push(room);
      regionClaimed.push(0);
      own = new Int32Array(pool.buffer, 4 * start, n + 1);
      own.set(above);
    }
    own[n] = parent;
    regionClaimed[region] = n + 1;
    below[parent] = own;
    belowRegion[parent] = region;
    return own;
  };
  for (const node of topologicalOrder) {
    const ps = parents[node]!;
    if (node === ROOT) ancestors[node] = none;
    else if (ps.length === 1 && ps[0] === ROOT) ancestors[node] = none;
    else if (ps.length === 1) {
      ancestors[node] = setBelow(ps[0]!);
      regionOf[node] = belowRegion[ps[0]!]!;
    } else {
      // A union by marking (last writer = this node) is several times faster than a Set.
      const union: number[] = [];
      for (const parent of ps) {
        if (parent === ROOT) continue;
        if (markedFor[parent] !== node) union.push(parent);
        markedFor[parent] = node;
        for (const a of ancestors[parent]!) {
          if (markedFor[a] !== node) union.push(a);
          markedFor[a] = node;
        }
      }
      hold(union.length);
      const start = pool.reserve(union.length); // before reading pool.buffer, which it may replace
      const set = new Int32Array(pool.buffer, 4 * start, union.length);
      set.set(union);
      ancestors[node] = set.sort();
    }
  }
  return ancestors;
}
