import type { BatchedGroup } from "./batched-sums.ts";

/** Bits of doubles, to hash a value exactly. */
const valueBits = new Float64Array(1);
const valueWords = new Uint32Array(valueBits.buffer);

/**
 * The groups without the statistics that repeat an earlier one term for term, and where each
 * repeat copies its sums from. Only groups over the joint patterns themselves are compared (their
 * members are the same patterns): there a statistic with the same base, the same members and the
 * same values in the same order as an earlier one has the same sums bit for bit, such as the
 * flat family's true positives of a label and the soft family's diagonal entry of it. A repeat
 * keeps its place, with no terms and base 0, and `copies` lists (from, to) pairs of sum slots
 * (statistic u of the groups in order, counted across them), each `from` before its `to`.
 */
export function withoutRepeatedStatistics(groups: readonly BatchedGroup[]): { groups: BatchedGroup[]; copies: Int32Array } {
  let statistics = 0;
  for (const group of groups) statistics += group.used.length;
  const table = new FirstStatistics(statistics);
  const copies: number[] = [];
  const out: BatchedGroup[] = [];
  // A loop rather than `groups.map`: a hot loop in a closure made anew for every call was compiled
  // anew after each full garbage collection (a closure's optimised code dies with it).
  for (let g = 0, slot = 0; g < groups.length; g++) {
    const group = groups[g]!;
    if (group.fromJoint) {
      slot += group.used.length;
      out.push(group);
      continue;
    }
    let repeats: Uint8Array | undefined;
    for (let u = 0; u < group.used.length; u++, slot++) {
      const earlier = table.firstOf(groups, g, u, slot);
      if (earlier !== slot) {
        repeats ??= new Uint8Array(group.used.length);
        repeats[u] = 1;
        copies.push(earlier, slot);
      }
    }
    out.push(repeats ? withoutTerms(group, repeats) : group);
  }
  return { groups: out, copies: Int32Array.from(copies) };
}

/**
 * The first statistics of their terms, in an open-addressing hash table of their hashes (a hash
 * may take several slots, each a different statistic): sum slot s (counted across the groups) is
 * statistic `#statistic[s]` of group `#group[s]`.
 */
class FirstStatistics {
  /** Table slot → its sum slot + 1 (0: empty); a table slot is the top bits of the mixed hash, `32 − #shift` of them. */
  readonly #slots: Int32Array;
  readonly #shift: number;
  readonly #hashes: Int32Array;
  readonly #group: Int32Array;
  readonly #statistic: Int32Array;

  constructor(statistics: number) {
    let bits = 4;
    while (1 << bits < 2 * statistics) bits += 1;
    this.#slots = new Int32Array(1 << bits);
    this.#shift = 32 - bits;
    this.#hashes = new Int32Array(statistics);
    this.#group = new Int32Array(statistics);
    this.#statistic = new Int32Array(statistics);
  }

  /** The first sum slot with the same terms as statistic u of group g (sum slot `slot`): `slot` itself when it is new. */
  firstOf(groups: readonly BatchedGroup[], g: number, u: number, slot: number): number {
    const group = groups[g]!;
    const hash = statisticHash(group, u);
    const slots = this.#slots;
    const mask = slots.length - 1;
    let at = Math.imul(hash, 0x9e3779b1) >>> this.#shift;
    for (let s = slots[at]! - 1; s >= 0; s = slots[at]! - 1) {
      if (this.#hashes[s] === hash && sameTerms(groups[this.#group[s]!]!, this.#statistic[s]!, group, u)) return s;
      at = (at + 1) & mask;
    }
    slots[at] = slot + 1;
    this.#hashes[slot] = hash;
    this.#group[slot] = g;
    this.#statistic[slot] = u;
    return slot;
  }
}

function statisticHash(group: BatchedGroup, u: number): number {
  valueBits[0] = group.base[u]!;
  let hash = Math.imul(valueWords[0]! ^ 0x2545f491, 0x9e3779b1) ^ valueWords[1]!;
  for (let e = group.starts[u]!; e < group.starts[u + 1]!; e++) {
    valueBits[0] = group.values[e]!;
    hash = Math.imul(hash ^ group.members[e]!, 0x9e3779b1);
    hash = Math.imul(hash ^ valueWords[0]!, 0x85ebca6b);
    hash = Math.imul(hash ^ valueWords[1]!, 0xc2b2ae35);
  }
  return hash;
}

function sameTerms(a: BatchedGroup, u: number, b: BatchedGroup, v: number): boolean {
  const from = a.starts[u]!;
  const length = a.starts[u + 1]! - from;
  if (b.starts[v + 1]! - b.starts[v]! !== length || !Object.is(a.base[u], b.base[v])) return false;
  for (let k = 0; k < length; k++) {
    const e = from + k;
    const f = b.starts[v]! + k;
    if (a.members[e] !== b.members[f] || !Object.is(a.values[e], b.values[f])) return false;
  }
  return true;
}

/** The group with the terms of the statistics marked in `repeats` left out (and their base 0). */
function withoutTerms(group: BatchedGroup, repeats: Uint8Array): BatchedGroup {
  const starts = new Int32Array(group.starts.length);
  const base = group.base.slice();
  const bound = group.bound.slice();
  const members = new Int32Array(group.members.length);
  const values = new Float64Array(group.values.length);
  let terms = 0;
  for (let u = 0; u < group.used.length; u++) {
    if (repeats[u] === 1) {
      base[u] = 0;
      bound[u] = 0;
    } else
      for (let e = group.starts[u]!; e < group.starts[u + 1]!; e++, terms++) {
        members[terms] = group.members[e]!;
        values[terms] = group.values[e]!;
      }
    starts[u + 1] = terms;
  }
  // The same shape as every other group's (property order included), so the loops that sum them see one kind of object.
  const { fromJoint, patterns, used, unit } = group;
  return { fromJoint, patterns, used, base, unit, bound, starts, members: members.subarray(0, terms), values: values.subarray(0, terms) };
}
