/** Compressed rows of per-document statistics: document d owns entries `starts[d] … starts[d+1]−1`. */
export interface StatisticRows {
  readonly starts: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;
}

/**
 * Documents merged by identical statistics within one range of the layout,
 * patterns numbered in order of first appearance, entries grouped by
 * statistic: statistic `used[u]` takes the terms `starts[u] … starts[u+1]−1`,
 * each a pattern (`members`) and its value, in pattern order.
 */
export interface PatternGroup {
  /** Document → its pattern. */
  readonly pattern: Int32Array;
  /** Scratch: each pattern's summed weight in one weighted sum. */
  readonly patternWeights: Float64Array;
  /** The statistics some pattern touches, ascending. */
  readonly used: Int32Array;
  readonly starts: Int32Array;
  readonly members: Int32Array;
  readonly values: Float64Array;
}

/**
 * Splits the layout at `bounds` (ascending, from 0 to the width) into ranges
 * and, within each range, merges documents whose entries there are identical
 * (same indices, values and order). One pass over the entries.
 *
 * @example
 * // two documents with the same count statistics, one with different ones
 * patternGroups(rows, [0, 1, 4]); // [{ pattern: [0, 0, 0], … }, { pattern: [0, 0, 1], … }]
 */
export function patternGroups(rows: StatisticRows, bounds: readonly number[]): PatternGroup[] {
  const { starts, indices, values } = rows;
  const documents = starts.length - 1;
  const groupCount = bounds.length - 1;
  const limits = Int32Array.from(bounds);
  const scratches = Array.from({ length: groupCount }, () => spareScratches.pop() ?? new BuilderScratch());
  const builders = scratches.map((scratch, g) => new GroupBuilder(documents, bounds[g]!, bounds[g + 1]!, scratch));
  // A document's entries of one group are one segment of its row ordered by group, stably. A
  // recording writes each family's entries after the previous family's, so a row is mostly in
  // group order already and is read where it is; the others are ordered into `sorted`.
  let longest = 0;
  for (let d = 0; d < documents; d++) longest = Math.max(longest, starts[d + 1]! - starts[d]!);
  const sorted: StatisticRows = {
    starts: new Int32Array(groupCount + 1),
    indices: new Int32Array(longest),
    values: new Float64Array(longest),
  };
  const segments = new Int32Array(groupCount + 1);
  for (let d = 0; d < documents; d++) {
    const from = starts[d]!;
    const end = starts[d + 1]!;
    if (segmentsInOrder(indices, limits, from, end, segments))
      for (let g = 0; g < groupCount; g++) builders[g]!.assign(d, indices, values, segments[g]!, segments[g + 1]!);
    else {
      sortByGroup(rows, limits, from, end, sorted);
      for (let g = 0; g < groupCount; g++) builders[g]!.assign(d, sorted.indices, sorted.values, sorted.starts[g]!, sorted.starts[g + 1]!);
    }
  }
  // One scratch vector over the layout serves every group's `finish`.
  const scratch = new Int32Array(bounds[groupCount]!);
  const groups = builders.map((builder) => builder.finish(scratch));
  for (const kept of scratches) if (kept.bytes() <= KEPT_SCRATCH_BYTES && spareScratches.length < KEPT_SCRATCHES) spareScratches.push(kept);
  return groups;
}

/**
 * A group builder's working arrays, kept from one `patternGroups` to the next: a bootstrap numbers
 * its documents' patterns once per submission, and building them anew (grown by doubling) was a
 * few MB of array buffers each time, which bring the next full collection nearer. Only what
 * `finish` copies out stays with a group.
 */
class BuilderScratch {
  slots = new Int32Array(64);
  hashes = new Int32Array(0);
  starts = new Int32Array(0);
  indices = new Int32Array(256);
  values = new Float64Array(256);

  /** Room for the patterns of `documents` documents (at most one each). */
  reserve(documents: number): void {
    if (this.hashes.length < documents) this.hashes = new Int32Array(documents);
    if (this.starts.length < documents + 1) this.starts = new Int32Array(documents + 1);
  }

  bytes(): number {
    return this.slots.byteLength + this.hashes.byteLength + this.starts.byteLength + this.indices.byteLength + this.values.byteLength;
  }
}

/** Working arrays kept for the next `patternGroups`: a few per group, each up to KEPT_SCRATCH_BYTES (a small task's). */
const spareScratches: BuilderScratch[] = [];
const KEPT_SCRATCHES = 64;
const KEPT_SCRATCH_BYTES = 4 * 2 ** 20;

/**
 * Where each group's segment of the row `from … end−1` begins (`segments[g]`, and `end` at the
 * last), when the row's entries already come in group order (group g: the statistics
 * `bounds[g] … bounds[g+1]−1`); false when they do not.
 */
function segmentsInOrder(indices: Int32Array, bounds: Int32Array, from: number, end: number, segments: Int32Array): boolean {
  const groupCount = segments.length - 1;
  let g = 0;
  let groupEnd = bounds[1]!;
  segments[0] = from;
  for (let e = from; e < end; e++) {
    const index = indices[e]!;
    if (index < bounds[g]!) return false;
    while (index >= groupEnd) {
      segments[++g] = e;
      groupEnd = bounds[g + 1]!;
    }
  }
  while (g < groupCount) segments[++g] = end;
  return true;
}

/**
 * The row `from … end−1` ordered by group, stably (a counting sort), into `sorted` from 0: group
 * g's entries at `sorted.starts[g] … sorted.starts[g+1]−1`.
 */
function sortByGroup(rows: StatisticRows, bounds: Int32Array, from: number, end: number, sorted: StatisticRows): void {
  const { indices, values } = rows;
  const next = sorted.starts;
  const groupCount = next.length - 1;
  next.fill(0);
  for (let e = from; e < end; e++) next[groupOf(bounds, indices[e]!) + 1]! += 1;
  for (let g = 1; g < groupCount; g++) next[g + 1]! += next[g]!;
  // Each entry to the next place of its group; `next[g]` ends where group g + 1 begins.
  for (let e = from; e < end; e++) {
    const at = next[groupOf(bounds, indices[e]!)]!++;
    sorted.indices[at] = indices[e]!;
    sorted.values[at] = values[e]!;
  }
  for (let g = groupCount; g > 0; g--) next[g] = next[g - 1]!;
  next[0] = 0;
}

/** The group g with `bounds[g] ≤ index < bounds[g+1]` (a binary search). */
function groupOf(bounds: Int32Array, index: number): number {
  let low = 0;
  let high = bounds.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (bounds[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Bits of doubles, to hash a value exactly. */
const valueBits = new Float64Array(1);
const valueWords = new Uint32Array(valueBits.buffer);

/**
 * Numbers one group's patterns in order of first appearance. An open-addressing hash table of the
 * patterns' hashes finds a document's candidates; its entries are compared with theirs exactly. A
 * new pattern's entries are copied out of the row while it is in cache, so `finish` and the
 * comparisons read them from a few compact arrays.
 */
class GroupBuilder {
  readonly #pattern: Int32Array;
  /** Slot → its pattern + 1 (0: empty); a slot is the top bits of the mixed hash, `32 − #shift` of them. */
  #slots: Int32Array;
  #shift: number;
  /** Pattern → the hash of its entries, and where they begin (`#starts[#patterns]` is where the next begins). */
  readonly #hashes: Int32Array;
  readonly #starts: Int32Array;
  #patterns = 0;
  /** The patterns' entries, one after the other. */
  #indices: Int32Array;
  #values: Float64Array;
  /** Where the arrays above come from, and go back to (grown) once the group is built. */
  readonly #scratch: BuilderScratch;

  /** The group's range of statistics: `#first … #end − 1`. */
  readonly #first: number;
  readonly #end: number;

  constructor(documents: number, first: number, end: number, scratch: BuilderScratch) {
    this.#pattern = new Int32Array(documents);
    scratch.reserve(documents);
    this.#scratch = scratch;
    this.#hashes = scratch.hashes;
    this.#starts = scratch.starts;
    this.#starts[0] = 0;
    // The slots a previous group grew to, emptied: a power of two, as `#grow` keeps them.
    this.#slots = scratch.slots.fill(0);
    this.#shift = 32 - Math.log2(this.#slots.length);
    this.#indices = scratch.indices;
    this.#values = scratch.values;
    this.#first = first;
    this.#end = end;
  }

  /** Gives document d its pattern: its entries of this group, `from … to−1` of `indices` and `values`, compared exactly. */
  assign(d: number, indices: Int32Array, values: Float64Array, from: number, to: number): void {
    let hash = to - from;
    for (let k = from; k < to; k++) {
      valueBits[0] = values[k]!;
      // The value's part does not wait for the running hash: one multiplication a step in the chain.
      const value = Math.imul(valueWords[0]! ^ Math.imul(valueWords[1]!, 0x85ebca6b), 0xc2b2ae35);
      hash = (Math.imul(hash ^ indices[k]!, 0x9e3779b1) + value) | 0;
    }
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = Math.imul(hash, 0x9e3779b1) >>> this.#shift;
    for (let q = slots[slot]!; q !== 0; q = slots[slot]!) {
      if (this.#hashes[q - 1] === hash && this.#same(q - 1, indices, values, from, to)) {
        this.#pattern[d] = q - 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    this.#pattern[d] = this.#add(hash, indices, values, from, to);
    slots[slot] = this.#patterns;
    if (2 * this.#patterns > slots.length) this.#grow();
  }

  #same(p: number, indices: Int32Array, values: Float64Array, from: number, to: number): boolean {
    const start = this.#starts[p]!;
    if (this.#starts[p + 1]! - start !== to - from) return false;
    for (let k = from, at = start; k < to; k++, at++) {
      if (indices[k] !== this.#indices[at] || !Object.is(values[k], this.#values[at])) return false;
    }
    return true;
  }

  /** A new pattern with the entries `from … to−1`. */
  #add(hash: number, indices: Int32Array, values: Float64Array, from: number, to: number): number {
    const p = this.#patterns++;
    const start = this.#starts[p]!;
    const end = start + to - from;
    if (end > this.#indices.length) {
      const capacity = Math.max(end, 2 * this.#indices.length);
      const grownIndices = new Int32Array(capacity);
      grownIndices.set(this.#indices);
      this.#indices = grownIndices;
      const grownValues = new Float64Array(capacity);
      grownValues.set(this.#values);
      this.#values = grownValues;
    }
    for (let k = from, at = start; k < to; k++, at++) {
      this.#indices[at] = indices[k]!;
      this.#values[at] = values[k]!;
    }
    this.#starts[p + 1] = end;
    this.#hashes[p] = hash;
    return p;
  }

  /** Twice the slots, each pattern placed anew by its hash. */
  #grow(): void {
    const slots = new Int32Array(2 * this.#slots.length);
    const mask = slots.length - 1;
    this.#shift -= 1;
    for (let p = 0; p < this.#patterns; p++) {
      let slot = Math.imul(this.#hashes[p]!, 0x9e3779b1) >>> this.#shift;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = p + 1;
    }
    this.#slots = slots;
  }

  /** Regroups the patterns' entries by statistic, patterns ascending within each; `scratch` (the layout's width, all 0) is left all 0. */
  finish(scratch: Int32Array): PatternGroup {
    const patterns = this.#patterns;
    const patternStarts = this.#starts;
    const entries = this.#indices;
    const entryCount = patternStarts[patterns]!;
    const first = this.#first;
    // Dense over the group's range: the entries per statistic, then each used statistic's slot.
    const slot = scratch.subarray(first, this.#end);
    for (let e = 0; e < entryCount; e++) slot[entries[e]! - first]! += 1;
    let usedCount = 0;
    for (let i = 0; i < slot.length; i++) if (slot[i] !== 0) usedCount += 1;
    const used = new Int32Array(usedCount);
    const starts = new Int32Array(usedCount + 1);
    for (let i = 0, u = 0; i < slot.length; i++) {
      if (slot[i] === 0) continue;
      used[u] = first + i;
      starts[u + 1] = starts[u]! + slot[i]!;
      slot[i] = u++;
    }
    const next = starts.slice(0, usedCount);
    const members = new Int32Array(entryCount);
    const values = new Float64Array(entryCount);
    for (let p = 0; p < patterns; p++) {
      for (let e = patternStarts[p]!; e < patternStarts[p + 1]!; e++) {
        const at = next[slot[entries[e]! - first]!]!++;
        members[at] = p;
        values[at] = this.#values[e]!;
      }
    }
    for (let u = 0; u < usedCount; u++) scratch[used[u]!] = 0;
    // The arrays that grew go back with the scratch; the group keeps none of them.
    Object.assign(this.#scratch, { slots: this.#slots, indices: this.#indices, values: this.#values });
    return { pattern: this.#pattern, patternWeights: new Float64Array(patterns), used, starts, members, values };
  }
}

/**
 * Writes Σ_d weights[d] · s_d over one group into `target`, statistic by
 * statistic: sum = Σ_p W_p · v_p over the patterns in order, with W_p the
 * summed weight of the pattern's documents. `active` lists the documents of
 * non-zero weight (`activeCount` of them): adding a weight of 0 to a W_p
 * that starts at +0 changes no bit, so they are left out.
 */
export function addPatternGroup(
  group: PatternGroup,
  weights: ArrayLike<number>,
  active: Int32Array,
  activeCount: number,
  target: Float64Array,
): void {
  const { pattern, patternWeights, used, starts, members, values } = group;
  patternWeights.fill(0);
  for (let k = 0; k < activeCount; k++) {
    const d = active[k]!;
    patternWeights[pattern[d]!]! += weights[d]!;
  }
  for (let u = 0; u < used.length; u++) {
    let sum = 0;
    const end = starts[u + 1]!;
    for (let e = starts[u]!; e < end; e++) sum += patternWeights[members[e]!]! * values[e]!;
    target[used[u]!] = sum;
  }
}
