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
  const { starts, indices } = rows;
  const documents = starts.length - 1;
  const groupCount = bounds.length - 1;
  const width = bounds[groupCount]!;
  const groupOf = new Int32Array(width);
  for (let g = 0; g < groupCount; g++) groupOf.fill(g, bounds[g]!, bounds[g + 1]!);
  const builders = Array.from({ length: groupCount }, (_, g) => new GroupBuilder(documents, rows, bounds[g]!, bounds[g + 1]!));
  // Each row's entries ordered by group, stably: a document's entries of one group are then one
  // segment. A recording writes each family's entries after the previous family's, so a row is
  // mostly in group order already and keeps its own order (`order` starts as the identity).
  const order = new Int32Array(indices.length);
  for (let e = 0; e < order.length; e++) order[e] = e;
  const segments = new Int32Array(groupCount + 1);
  const next = new Int32Array(groupCount);
  for (let d = 0; d < documents; d++) {
    const from = starts[d]!;
    const end = starts[d + 1]!;
    if (!segmentsInOrder(indices, groupOf, from, end, segments)) countingSort(indices, groupOf, from, end, segments, next, order);
    for (let g = 0; g < groupCount; g++) builders[g]!.assign(d, order, segments[g]!, segments[g + 1]!);
  }
  return builders.map((builder) => builder.finish());
}

/**
 * Where each group's segment of the row `from … end−1` begins (`segments[g]`, and `end` at the
 * last), when the row's entries already come in group order; false when they do not.
 */
function segmentsInOrder(indices: Int32Array, groupOf: Int32Array, from: number, end: number, segments: Int32Array): boolean {
  const groupCount = segments.length - 1;
  let g = 0;
  segments[0] = from;
  for (let e = from; e < end; e++) {
    const group = groupOf[indices[e]!]!;
    if (group < g) return false;
    while (g < group) segments[++g] = e;
  }
  while (g < groupCount) segments[++g] = end;
  return true;
}

/** The row `from … end−1` ordered by group, stably, into `order` (a counting sort), and its segments. */
function countingSort(
  indices: Int32Array,
  groupOf: Int32Array,
  from: number,
  end: number,
  segments: Int32Array,
  next: Int32Array,
  order: Int32Array,
): void {
  const groupCount = next.length;
  segments.fill(0);
  for (let e = from; e < end; e++) segments[groupOf[indices[e]!]! + 1]! += 1;
  segments[0] = from;
  for (let g = 0; g < groupCount; g++) segments[g + 1]! += segments[g]!;
  next.set(segments.subarray(0, groupCount));
  for (let e = from; e < end; e++) order[next[groupOf[indices[e]!]!]!++] = e;
}

/** Bits of doubles, to hash a value exactly. */
const valueBits = new Float64Array(1);
const valueWords = new Uint32Array(valueBits.buffer);

class GroupBuilder {
  readonly #rows: StatisticRows;
  readonly #pattern: Int32Array;
  /** Hash of a pattern's entries → the first pattern with it; `#collided` holds the rest, by exact key. */
  readonly #byHash = new Map<number, number>();
  readonly #collided = new Map<string, number>();
  readonly #starts: number[] = [0];
  readonly #indices: number[] = [];
  readonly #values: number[] = [];

  /** The group's range of statistics: `#first … #end − 1`. */
  readonly #first: number;
  readonly #end: number;

  constructor(documents: number, rows: StatisticRows, first: number, end: number) {
    this.#pattern = new Int32Array(documents);
    this.#rows = rows;
    this.#first = first;
    this.#end = end;
  }

  /** Gives document d its pattern: its entries `order[from … to−1]` of this group, compared exactly. */
  assign(d: number, order: Int32Array, from: number, to: number): void {
    const { indices, values } = this.#rows;
    let hash = to - from;
    for (let k = from; k < to; k++) {
      valueBits[0] = values[order[k]!]!;
      hash = Math.imul(hash ^ indices[order[k]!]!, 0x9e3779b1);
      hash = Math.imul(hash ^ valueWords[0]!, 0x85ebca6b);
      hash = Math.imul(hash ^ valueWords[1]!, 0xc2b2ae35);
    }
    let p = this.#byHash.get(hash);
    if (p === undefined) {
      p = this.#add(order, from, to);
      this.#byHash.set(hash, p);
    } else if (!this.#same(p, order, from, to)) {
      // A hash collision (rare): fall back to the exact key.
      const key = Array.from(order.subarray(from, to), (e) => `${indices[e]}:${values[e]}`).join(",");
      p = this.#collided.get(key);
      if (p === undefined) this.#collided.set(key, (p = this.#add(order, from, to)));
    }
    this.#pattern[d] = p;
  }

  #same(p: number, order: Int32Array, from: number, to: number): boolean {
    const start = this.#starts[p]!;
    if (this.#starts[p + 1]! - start !== to - from) return false;
    const { indices, values } = this.#rows;
    for (let k = 0; k < to - from; k++) {
      const e = order[from + k]!;
      if (indices[e] !== this.#indices[start + k] || !Object.is(values[e], this.#values[start + k])) return false;
    }
    return true;
  }

  #add(order: Int32Array, from: number, to: number): number {
    const { indices, values } = this.#rows;
    for (let k = from; k < to; k++) {
      this.#indices.push(indices[order[k]!]!);
      this.#values.push(values[order[k]!]!);
    }
    this.#starts.push(this.#indices.length);
    return this.#starts.length - 2;
  }

  /** Regroups the patterns' entries by statistic, patterns ascending within each. */
  finish(): PatternGroup {
    const patternStarts = this.#starts;
    const entries = this.#indices;
    const first = this.#first;
    // Dense over the group's range: the entries per statistic, then each used statistic's slot.
    const slot = new Int32Array(this.#end - first);
    for (const index of entries) slot[index - first]! += 1;
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
    const members = new Int32Array(entries.length);
    const values = new Float64Array(entries.length);
    for (let p = 0; p + 1 < patternStarts.length; p++) {
      for (let e = patternStarts[p]!; e < patternStarts[p + 1]!; e++) {
        const at = next[slot[entries[e]! - first]!]!++;
        members[at] = p;
        values[at] = this.#values[e]!;
      }
    }
    return { pattern: this.#pattern, patternWeights: new Float64Array(patternStarts.length - 1), used, starts, members, values };
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
