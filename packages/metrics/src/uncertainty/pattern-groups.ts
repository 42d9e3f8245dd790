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
  const width = bounds[groupCount]!;
  const groupOf = new Int32Array(width);
  for (let g = 0; g < groupCount; g++) groupOf.fill(g, bounds[g]!, bounds[g + 1]!);
  const builders = Array.from({ length: groupCount }, () => new GroupBuilder(documents));
  const keys: string[] = new Array(groupCount).fill("");
  const touched = new Uint8Array(groupCount);
  for (let d = 0; d < documents; d++) {
    const end = starts[d + 1]!;
    for (let e = starts[d]!; e < end; e++) {
      const g = groupOf[indices[e]!]!;
      keys[g] += `${indices[e]}:${values[e]},`;
      touched[g] = 1;
    }
    for (let g = 0; g < groupCount; g++) {
      builders[g]!.assign(d, keys[g]!, rows, touched[g] === 1 ? groupOf : undefined, g);
      keys[g] = "";
      touched[g] = 0;
    }
  }
  return builders.map((builder) => builder.finish());
}

class GroupBuilder {
  readonly #pattern: Int32Array;
  readonly #patternOf = new Map<string, number>();
  readonly #starts: number[] = [0];
  readonly #indices: number[] = [];
  readonly #values: number[] = [];

  constructor(documents: number) {
    this.#pattern = new Int32Array(documents);
  }

  /** Gives document d its pattern; a new pattern copies d's entries of group g (none when `groupOf` is undefined). */
  assign(d: number, key: string, rows: StatisticRows, groupOf: Int32Array | undefined, g: number): void {
    let p = this.#patternOf.get(key);
    if (p === undefined) {
      p = this.#starts.length - 1;
      this.#patternOf.set(key, p);
      if (groupOf) {
        const end = rows.starts[d + 1]!;
        for (let e = rows.starts[d]!; e < end; e++) {
          if (groupOf[rows.indices[e]!] !== g) continue;
          this.#indices.push(rows.indices[e]!);
          this.#values.push(rows.values[e]!);
        }
      }
      this.#starts.push(this.#indices.length);
    }
    this.#pattern[d] = p;
  }

  /** Regroups the patterns' entries by statistic, patterns ascending within each. */
  finish(): PatternGroup {
    const patternStarts = this.#starts;
    const entries = this.#indices;
    const used = Int32Array.from(new Set(entries)).sort();
    const slot = new Map<number, number>();
    used.forEach((index, u) => slot.set(index, u));
    const starts = new Int32Array(used.length + 1);
    for (const index of entries) starts[slot.get(index)! + 1]! += 1;
    for (let u = 0; u < used.length; u++) starts[u + 1]! += starts[u]!;
    const next = starts.slice(0, used.length);
    const members = new Int32Array(entries.length);
    const values = new Float64Array(entries.length);
    for (let p = 0; p + 1 < patternStarts.length; p++) {
      for (let e = patternStarts[p]!; e < patternStarts[p + 1]!; e++) {
        const at = next[slot.get(entries[e]!)!]!++;
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
