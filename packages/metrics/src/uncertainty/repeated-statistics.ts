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
  const firstOf = new Map<number, number[]>();
  const slots: { group: BatchedGroup; u: number }[] = [];
  const copies: number[] = [];
  const out = groups.map((group) => {
    const repeats = new Uint8Array(group.used.length);
    for (let u = 0; u < group.used.length; u++) {
      const slot = slots.length;
      slots.push({ group, u });
      if (group.fromJoint) continue;
      const hash = statisticHash(group, u);
      const candidates = firstOf.get(hash);
      const earlier = candidates?.find((s) => sameTerms(slots[s]!.group, slots[s]!.u, group, u));
      if (earlier === undefined) {
        if (candidates) candidates.push(slot);
        else firstOf.set(hash, [slot]);
      } else {
        repeats[u] = 1;
        copies.push(earlier, slot);
      }
    }
    return repeats.includes(1) ? withoutTerms(group, repeats) : group;
  });
  return { groups: out, copies: Int32Array.from(copies) };
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
  const members: number[] = [];
  const values: number[] = [];
  for (let u = 0; u < group.used.length; u++) {
    if (repeats[u] === 1) base[u] = 0;
    else
      for (let e = group.starts[u]!; e < group.starts[u + 1]!; e++) {
        members.push(group.members[e]!);
        values.push(group.values[e]!);
      }
    starts[u + 1] = members.length;
  }
  // The same shape as every other group's (property order included), so the loops that sum them see one kind of object.
  const { fromJoint, patterns, used, unit } = group;
  return { fromJoint, patterns, used, base, unit, starts, members: Int32Array.from(members), values: Float64Array.from(values) };
}
