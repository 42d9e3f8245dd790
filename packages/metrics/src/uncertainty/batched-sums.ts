import type { PatternGroup } from "./pattern-groups.ts";
import type { DrawCounter } from "./seeded-random.ts";
import { withoutRepeatedStatistics } from "./repeated-statistics.ts";

/** Resamples summed at once by `BatchedSums`: each recorded entry is loaded once for all of them. */
export const RESAMPLE_BATCH = 8;

/** Entries and (halved) pattern values up to this size may be summed in any grouping (see `BatchedSums`). */
const MAX_EXACT_VALUE = 2 ** 20;
/** With |v_p − c| ≤ 2^20 and a resample's total weight ≤ 2^31, every partial sum stays below 2^51. */
const MAX_TOTAL_WEIGHT = 2 ** 31;
/**
 * Two resamples' sums of whole numbers share one double (see `BatchedSums`): resample 2h + 1's
 * lane counts in units of LANE, resample 2h's in units of 1, each offset by LANE_BIAS so that it
 * stays in [0, LANE) while its partial sums stay within ±LANE_BIAS.
 */
const LANE = 2 ** 26;
const LANE_BIAS = 2 ** 25;

/** One pattern group as the batch sums it. */
export interface BatchedGroup {
  /** Joint pattern → the group's pattern; undefined when the group's patterns are the joint ones. */
  readonly fromJoint: Int32Array | undefined;
  readonly patterns: number;
  /** The statistics, ascending; statistic `used[u]` takes the terms `starts[u] … starts[u+1]−1`. */
  readonly used: Int32Array;
  /** c_u: 0 for a statistic summed term by term as recorded, else the value most patterns have (see `BatchedSums`). */
  readonly base: Float64Array;
  /** 1 for a statistic whose terms (as summed, after c_u) all have the value 1. */
  readonly unit: Uint8Array;
  /**
   * For a statistic whose terms (as summed) are whole numbers, a bound on what one pattern adds
   * per unit of its weight: the most, over its patterns, of the sum of |v| over its terms; +∞
   * for a statistic with any other term.
   */
  readonly bound: Float64Array;
  readonly starts: Int32Array;
  readonly members: Int32Array;
  readonly values: Float64Array;
}

/**
 * `RecordedStatistics.weightedSum` for RESAMPLE_BATCH weight vectors at
 * once, bit for bit. Weights are document-major (document d's weight in
 * resample b at `d·RESAMPLE_BATCH + b`), whole numbers ≥ 0. The sums are
 * kept compact (the touched statistics only, resample by resample), and
 * handed out either resample-major (`sum`: resample b's vector from
 * `b·width`) or one resample at a time
 * into one vector (`sumEach`, `sumDrawsEach`): a reducer then reads a vector
 * that was just written and stays in cache, rather than one of eight.
 *
 * - Pattern weights W_p are sums of whole numbers, exact in any order: the
 *   documents' weights are summed once into the joint patterns (documents
 *   alike in every group), and each group's from those.
 * - Any other statistic keeps its terms W_p · v_p in `weightedSum`'s order.
 * - A statistic whose patterns' values are whole numbers with |v_p| ≤ 2^19
 *   has an exact sum however it is grouped (every term and partial sum is a
 *   whole number below 2^51 for a total weight T ≤ 2^31, which `sum`
 *   checks). When one value c ≠ 0 is so common that fewer patterns differ
 *   from it (those that do not touch the statistic count as 0) than the
 *   statistic has terms, it is summed as
 *   c · T + Σ_{v_p ≠ c} W_p · (v_p − c), which visits only the others:
 *   the soft family's hit counts, CoPHE's and the per-level counts repeat
 *   across most documents.
 * - Two resamples' sums of a statistic of whole numbers are summed in one
 *   double: each pattern's weights W_2h + W_2h+1 · 2^26 times its value,
 *   from 2^25 + 2^25 · 2^26. While the resamples' total weight T and the
 *   statistic's bound V (`BatchedGroup.bound`) keep T · V < 2^25, each lane
 *   stays in [0, 2^26) through every partial sum, which stays a whole
 *   number below 2^52: both sums are exact, the same as summed one by one,
 *   and come apart by one division by 2^26. Half the loads and adds.
 */
export class BatchedSums {
  readonly #width: number;
  readonly #joint: Int32Array;
  readonly #jointWeights: Float64Array;
  /** `#jointWeights` two resamples to a double (see LANE): joint pattern j's pair h at 4j + h. */
  readonly #jointPacked: Float64Array;
  readonly #groupWeights: Float64Array;
  readonly #groupPacked: Float64Array;
  /**
   * 1 for a group whose whole-number statistics are summed two resamples to a double: every group
   * over the joint patterns, and a group over its own patterns whose packed weights cost less to
   * regroup than they save (its whole-number terms outnumber the joint patterns), or that needs no
   * other weights.
   */
  readonly #packs: Uint8Array;
  /** Each group's largest `bound` (+∞ when it has a statistic that is not whole numbers). */
  readonly #largestBound: Float64Array;
  readonly #totals = new Float64Array(RESAMPLE_BATCH);
  readonly #groups: BatchedGroup[];
  /** The statistics the groups write, in the order of `#sums`. */
  readonly #statistics: Int32Array;
  /**
   * Statistic `#statistics[u]`'s sum in resample b at `b·U + u` (U statistics): resample-major, so
   * that handing out one resample's sums reads them in a run rather than one cache line each.
   */
  readonly #sums: Float64Array;
  /**
   * Where statistic u's sums are read from: u itself, or for a statistic that repeats an earlier
   * one term for term (`withoutRepeatedStatistics`), that one's: its own are never summed.
   */
  readonly #sources: Int32Array;

  constructor(groups: readonly PatternGroup[], width: number) {
    this.#width = width;
    const documents = groups[0]?.pattern.length ?? 0;
    const { joint, count } = jointPatterns(groups, documents);
    this.#joint = joint;
    this.#jointWeights = new Float64Array(count * RESAMPLE_BATCH);
    this.#jointPacked = new Float64Array((count * RESAMPLE_BATCH) / 2);
    const { groups: batched, copies } = withoutRepeatedStatistics(groups.map((group) => batchedGroup(group, joint, count)));
    this.#groups = batched;
    const regrouped = Math.max(0, ...this.#groups.map((g) => (g.fromJoint ? g.patterns : 0)));
    this.#groupWeights = new Float64Array(RESAMPLE_BATCH * regrouped);
    this.#groupPacked = new Float64Array((RESAMPLE_BATCH * regrouped) / 2);
    this.#largestBound = Float64Array.from(this.#groups, (g) => Math.max(0, ...g.bound));
    this.#packs = Uint8Array.from(this.#groups, (g, k) => {
      if (!g.fromJoint || this.#largestBound[k]! < Infinity) return 1;
      let wholeTerms = 0;
      for (let u = 0; u < g.used.length; u++) if (g.bound[u]! < Infinity) wholeTerms += g.starts[u + 1]! - g.starts[u]!;
      return wholeTerms > count ? 1 : 0;
    });
    let statistics = 0;
    for (const group of this.#groups) statistics += group.used.length;
    this.#statistics = new Int32Array(statistics);
    for (let g = 0, at = 0; g < this.#groups.length; at += this.#groups[g]!.used.length, g++)
      this.#statistics.set(this.#groups[g]!.used, at);
    this.#sums = new Float64Array(this.#statistics.length * RESAMPLE_BATCH);
    this.#sources = Int32Array.from(this.#statistics.keys());
    // Each `from` comes before its `to`, so a repeat of a repeat reads the first.
    for (let k = 0; k < copies.length; k += 2) this.#sources[copies[k + 1]!] = this.#sources[copies[k]!]!;
  }

  /** The sums of all RESAMPLE_BATCH resamples, resample b's vector from `b·width` of `target`. */
  sum(weights: Int32Array, target: Float64Array): void {
    this.#jointFromWeights(weights);
    this.#sumJoint();
    for (let b = 0; b < RESAMPLE_BATCH; b++) this.#write(b, target, b * this.#width);
  }

  /**
   * The sums of resamples 0 … count−1, one at a time: resample b's written into `vector` (of
   * `width`, reused: only the statistics some document touches are written, the others must be
   * 0), then `visit(b)`.
   */
  sumEach(weights: Int32Array, count: number, vector: Float64Array, visit: (b: number) => void): void {
    this.#jointFromWeights(weights);
    this.#visitEach(count, vector, visit);
  }

  /**
   * `sumEach` for drawn resamples: resample b, for b < `count`, is the next n draws of `draws` (n
   * documents recorded), counted into the joint patterns of the documents drawn. A joint pattern's
   * weight is the number of its documents' draws, whole numbers as `sum`'s: the sums are the same
   * bit for bit as with the draws' multiplicities as weights.
   */
  sumDrawsEach(draws: DrawCounter, count: number, vector: Float64Array, visit: (b: number) => void): void {
    const joint = this.#joint;
    const n = joint.length;
    const jw = this.#jointWeights;
    jw.fill(0);
    for (let b = 0; b < count; b++) draws(n, joint, jw, RESAMPLE_BATCH, b);
    // Each resample draws n documents: its total weight is n.
    for (let b = 0; b < RESAMPLE_BATCH; b++) this.#totals[b] = b < count ? n : 0;
    this.#visitEach(count, vector, visit);
  }

  #visitEach(count: number, vector: Float64Array, visit: (b: number) => void): void {
    this.#sumJoint();
    for (let b = 0; b < count; b++) {
      this.#write(b, vector, 0);
      visit(b);
    }
  }

  /** Resample b's sums into `target` from `shift`. */
  #write(b: number, target: Float64Array, shift: number): void {
    const statistics = this.#statistics;
    const sources = this.#sources;
    const sums = this.#sums;
    const first = b * statistics.length;
    for (let u = 0; u < statistics.length; u++) target[shift + statistics[u]!] = sums[first + sources[u]!]!;
  }

  #jointFromWeights(weights: Int32Array): void {
    const joint = this.#joint;
    const jw = this.#jointWeights;
    jw.fill(0);
    // Unrolled by hand (RESAMPLE_BATCH = 8), here and below: eight running sums stay in registers.
    let t0 = 0;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    let t4 = 0;
    let t5 = 0;
    let t6 = 0;
    let t7 = 0;
    for (let d = 0, q = 0; d < joint.length; d++, q += 8) {
      const p = joint[d]! << 3;
      const w0 = weights[q]!;
      const w1 = weights[q + 1]!;
      const w2 = weights[q + 2]!;
      const w3 = weights[q + 3]!;
      const w4 = weights[q + 4]!;
      const w5 = weights[q + 5]!;
      const w6 = weights[q + 6]!;
      const w7 = weights[q + 7]!;
      jw[p]! += w0;
      jw[p + 1]! += w1;
      jw[p + 2]! += w2;
      jw[p + 3]! += w3;
      jw[p + 4]! += w4;
      jw[p + 5]! += w5;
      jw[p + 6]! += w6;
      jw[p + 7]! += w7;
      t0 += w0;
      t1 += w1;
      t2 += w2;
      t3 += w3;
      t4 += w4;
      t5 += w5;
      t6 += w6;
      t7 += w7;
    }
    // Whole numbers, exact in any order: the same totals as summing the joint weights.
    const totals = this.#totals;
    totals[0] = t0;
    totals[1] = t1;
    totals[2] = t2;
    totals[3] = t3;
    totals[4] = t4;
    totals[5] = t5;
    totals[6] = t6;
    totals[7] = t7;
  }

  /** The groups' sums (`#sums`) from the joint patterns' weights (`#jointWeights`) and their totals (`#totals`). */
  #sumJoint(): void {
    const jw = this.#jointWeights;
    const totals = this.#totals;
    for (let b = 0; b < RESAMPLE_BATCH; b++)
      if (totals[b]! > MAX_TOTAL_WEIGHT) throw new Error(`a resample's total weight must stay ≤ 2^31, got ${totals[b]}`);
    // A statistic is summed packed when T · bound < 2^25 for the largest total T of the batch.
    const largestTotal = Math.max(totals[0]!, totals[1]!, totals[2]!, totals[3]!, totals[4]!, totals[5]!, totals[6]!, totals[7]!);
    const packLimit = largestTotal < LANE_BIAS ? LANE_BIAS / Math.max(1, largestTotal) : 0;
    if (packLimit > 0) packWeights(jw, this.#jointPacked);
    const statistics = this.#statistics.length;
    let first = 0;
    this.#groups.forEach((group, g) => {
      const limit = this.#packs[g] === 1 ? packLimit : 0;
      let w = jw;
      let packed = this.#jointPacked;
      if (group.fromJoint) {
        if (this.#largestBound[g]! >= limit) regroupWeights(group.fromJoint, jw, (w = this.#groupWeights), group.patterns);
        if (limit > 0) regroupPacked(group.fromJoint, this.#jointPacked, (packed = this.#groupPacked), group.patterns);
      }
      sumGroup(group, w, packed, limit, totals, this.#sums, first, statistics);
      first += group.used.length;
    });
  }
}

/** Each document's joint pattern (its patterns in all groups), numbered by first appearance. */
function jointPatterns(groups: readonly PatternGroup[], documents: number): { joint: Int32Array; count: number } {
  const joint = new Int32Array(documents);
  let count = documents > 0 ? 1 : 0;
  const scratch = new Int32Array(3 * documents);
  for (const group of groups) {
    if (group.patternWeights.length > 1 && count < documents)
      count = refine(joint, count, group.pattern, group.patternWeights.length, scratch);
  }
  return { joint, count };
}

/**
 * Splits each of the `count` patterns of `joint` by `pattern` (of `patterns` patterns), in place:
 * one pattern per pair (joint pattern, pattern) that some document has, numbered by first
 * appearance again. Documents bucketed by pattern (a counting sort) meet their joint patterns
 * one bucket at a time, so a pair is found by a stamp per joint pattern. Returns the new count.
 */
function refine(joint: Int32Array, count: number, pattern: Int32Array, patterns: number, scratch: Int32Array): number {
  const documents = joint.length;
  const byPattern = scratch.subarray(0, documents);
  const pair = scratch.subarray(documents, 2 * documents);
  const bucket = new Int32Array(patterns + 1);
  for (let d = 0; d < documents; d++) bucket[pattern[d]! + 1]! += 1;
  for (let p = 0; p < patterns; p++) bucket[p + 1]! += bucket[p]!;
  for (let d = 0; d < documents; d++) byPattern[bucket[pattern[d]!]!++] = d;
  // Bucket p now ends at bucket[p] (and begins where bucket p − 1 ends).
  const stamp = new Int32Array(count).fill(-1);
  const pairOf = scratch.subarray(2 * documents, 2 * documents + count);
  let pairs = 0;
  for (let p = 0, k = 0; p < patterns; p++) {
    for (; k < bucket[p]!; k++) {
      const d = byPattern[k]!;
      const j = joint[d]!;
      if (stamp[j] !== p) {
        stamp[j] = p;
        pairOf[j] = pairs++;
      }
      pair[d] = pairOf[j]!;
    }
  }
  const renamed = new Int32Array(pairs).fill(-1);
  let next = 0;
  for (let d = 0; d < documents; d++) {
    let id = renamed[pair[d]!]!;
    if (id < 0) renamed[pair[d]!] = id = next++;
    joint[d] = id;
  }
  return next;
}

/** Each joint pattern's weights two resamples to a double: resamples 2h and 2h + 1 at 4j + h, as `jw[8j + 2h] + jw[8j + 2h + 1] · LANE`. */
function packWeights(jw: Float64Array, packed: Float64Array): void {
  for (let q = 0, k = 0; k < packed.length; q += 8, k += 4) {
    packed[k] = jw[q]! + jw[q + 1]! * LANE;
    packed[k + 1] = jw[q + 2]! + jw[q + 3]! * LANE;
    packed[k + 2] = jw[q + 4]! + jw[q + 5]! * LANE;
    packed[k + 3] = jw[q + 6]! + jw[q + 7]! * LANE;
  }
}

/** `regroupWeights` for packed weights: whole numbers below 2^52, summed exactly. */
function regroupPacked(fromJoint: Int32Array, jointPacked: Float64Array, packed: Float64Array, patterns: number): void {
  packed.fill(0, 0, patterns * 4);
  for (let j = 0, q = 0; j < fromJoint.length; j++, q += 4) {
    const p = fromJoint[j]! << 2;
    packed[p]! += jointPacked[q]!;
    packed[p + 1]! += jointPacked[q + 1]!;
    packed[p + 2]! += jointPacked[q + 2]!;
    packed[p + 3]! += jointPacked[q + 3]!;
  }
}

function regroupWeights(fromJoint: Int32Array, jw: Float64Array, w: Float64Array, patterns: number): void {
  w.fill(0, 0, patterns * RESAMPLE_BATCH);
  for (let j = 0, q = 0; j < fromJoint.length; j++, q += 8) {
    const p = fromJoint[j]! << 3;
    w[p]! += jw[q]!;
    w[p + 1]! += jw[q + 1]!;
    w[p + 2]! += jw[q + 2]!;
    w[p + 3]! += jw[q + 3]!;
    w[p + 4]! += jw[q + 4]!;
    w[p + 5]! += jw[q + 5]!;
    w[p + 6]! += jw[q + 6]!;
    w[p + 7]! += jw[q + 7]!;
  }
}

/**
 * The group's statistics' sums: statistic `used[u]`'s in resample b at `b·stride + first + u` of
 * `out`. A statistic with `bound[u] < packLimit` is summed from the packed weights (`packed`), the
 * others from the weights one by one (`w`).
 */
function sumGroup(
  group: BatchedGroup,
  w: Float64Array,
  packed: Float64Array,
  packLimit: number,
  totals: Float64Array,
  out: Float64Array,
  first: number,
  stride: number,
): void {
  // Made here from the small whole numbers: a bundle turns module constants into `var`s, and the
  // sums started from one read as a boxed double of unknown type allocated a number per term.
  const packedBias = LANE_BIAS + LANE_BIAS * LANE;
  const inverseLane = 1 / LANE;
  const { used, base, unit, bound, starts, members, values } = group;
  for (let u = 0; u < used.length; u++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    const end = starts[u + 1]!;
    if (bound[u]! < packLimit) {
      // Whole numbers add up exactly in any order: odd and even terms in separate sums, so that
      // each addition waits for the one two terms back.
      let a0 = packedBias;
      let a1 = packedBias;
      let a2 = packedBias;
      let a3 = packedBias;
      let b0 = 0;
      let b1 = 0;
      let b2 = 0;
      let b3 = 0;
      let e = starts[u]!;
      if (unit[u] === 1) {
        for (; e + 1 < end; e += 2) {
          const m = members[e]! << 2;
          const n = members[e + 1]! << 2;
          a0 += packed[m]!;
          a1 += packed[m + 1]!;
          a2 += packed[m + 2]!;
          a3 += packed[m + 3]!;
          b0 += packed[n]!;
          b1 += packed[n + 1]!;
          b2 += packed[n + 2]!;
          b3 += packed[n + 3]!;
        }
        if (e < end) {
          const m = members[e]! << 2;
          a0 += packed[m]!;
          a1 += packed[m + 1]!;
          a2 += packed[m + 2]!;
          a3 += packed[m + 3]!;
        }
      } else {
        for (; e + 1 < end; e += 2) {
          const m = members[e]! << 2;
          const n = members[e + 1]! << 2;
          const v = values[e]!;
          const x = values[e + 1]!;
          a0 += packed[m]! * v;
          a1 += packed[m + 1]! * v;
          a2 += packed[m + 2]! * v;
          a3 += packed[m + 3]! * v;
          b0 += packed[n]! * x;
          b1 += packed[n + 1]! * x;
          b2 += packed[n + 2]! * x;
          b3 += packed[n + 3]! * x;
        }
        if (e < end) {
          const m = members[e]! << 2;
          const v = values[e]!;
          a0 += packed[m]! * v;
          a1 += packed[m + 1]! * v;
          a2 += packed[m + 2]! * v;
          a3 += packed[m + 3]! * v;
        }
      }
      a0 += b0;
      a1 += b1;
      a2 += b2;
      a3 += b3;
      // Each double holds (LANE_BIAS + s_2h) + (LANE_BIAS + s_2h+1) · LANE, both lanes in [0, LANE).
      let high = Math.floor(a0 * inverseLane);
      s0 = a0 - high * LANE - LANE_BIAS;
      s1 = high - LANE_BIAS;
      high = Math.floor(a1 * inverseLane);
      s2 = a1 - high * LANE - LANE_BIAS;
      s3 = high - LANE_BIAS;
      high = Math.floor(a2 * inverseLane);
      s4 = a2 - high * LANE - LANE_BIAS;
      s5 = high - LANE_BIAS;
      high = Math.floor(a3 * inverseLane);
      s6 = a3 - high * LANE - LANE_BIAS;
      s7 = high - LANE_BIAS;
    }
    // Terms of value 1 (counts, mostly) need no product: W_p · 1 is W_p exactly.
    else if (unit[u] === 1)
      for (let e = starts[u]!; e < end; e++) {
        const m = members[e]! << 3;
        s0 += w[m]!;
        s1 += w[m + 1]!;
        s2 += w[m + 2]!;
        s3 += w[m + 3]!;
        s4 += w[m + 4]!;
        s5 += w[m + 5]!;
        s6 += w[m + 6]!;
        s7 += w[m + 7]!;
      }
    else
      for (let e = starts[u]!; e < end; e++) {
        const m = members[e]! << 3;
        const v = values[e]!;
        s0 += w[m]! * v;
        s1 += w[m + 1]! * v;
        s2 += w[m + 2]! * v;
        s3 += w[m + 3]! * v;
        s4 += w[m + 4]! * v;
        s5 += w[m + 5]! * v;
        s6 += w[m + 6]! * v;
        s7 += w[m + 7]! * v;
      }
    const c = base[u]!;
    if (c !== 0) {
      s0 += c * totals[0]!;
      s1 += c * totals[1]!;
      s2 += c * totals[2]!;
      s3 += c * totals[3]!;
      s4 += c * totals[4]!;
      s5 += c * totals[5]!;
      s6 += c * totals[6]!;
      s7 += c * totals[7]!;
    }
    const q = first + u;
    out[q] = s0;
    out[q + stride] = s1;
    out[q + 2 * stride] = s2;
    out[q + 3 * stride] = s3;
    out[q + 4 * stride] = s4;
    out[q + 5 * stride] = s5;
    out[q + 6 * stride] = s6;
    out[q + 7 * stride] = s7;
  }
}

/** The group's statistics, each as recorded or (whole numbers shared by most patterns) relative to that value. */
function batchedGroup(group: PatternGroup, joint: Int32Array, jointCount: number): BatchedGroup {
  const patterns = group.patternWeights.length;
  let fromJoint: Int32Array | undefined;
  if (patterns !== jointCount) {
    fromJoint = new Int32Array(jointCount);
    for (let d = 0; d < joint.length; d++) fromJoint[joint[d]!] = group.pattern[d]!;
  }
  const { used } = group;
  const base = new Float64Array(used.length);
  const unit = new Uint8Array(used.length);
  const bound = new Float64Array(used.length);
  const starts = new Int32Array(used.length + 1);
  // A statistic summed relative to c has fewer terms than recorded: the group's terms are the most.
  const members = new Int32Array(group.members.length);
  const values = new Float64Array(group.values.length);
  let terms = 0;
  let longest = 0;
  for (let u = 0; u < used.length; u++) longest = Math.max(longest, group.starts[u + 1]! - group.starts[u]!);
  const shared = new SharedValues(patterns, longest);
  for (let u = 0; u < used.length; u++) {
    const from = group.starts[u]!;
    const to = group.starts[u + 1]!;
    // At most `to − from` patterns share a value c ≠ 0, so the others outnumber the terms unless they are over half.
    const worthIt = 2 * (to - from) > patterns && wholeNumbers(group.values, from, to);
    const c = worthIt ? shared.value(group, from, to) : 0;
    if (c === 0) {
      for (let e = from; e < to; e++, terms++) {
        members[terms] = group.members[e]!;
        values[terms] = group.values[e]!;
      }
    } else {
      const dense = shared.dense;
      for (let p = 0; p < patterns; p++) {
        if (dense[p] !== c) {
          members[terms] = p;
          values[terms++] = dense[p]! - c;
        }
      }
      base[u] = c;
    }
    if (worthIt) shared.clear();
    starts[u + 1] = terms;
    unit[u] = 1;
    for (let e = starts[u]!; e < terms; e++) if (values[e] !== 1) unit[u] = 0;
    bound[u] = patternBound(members, values, starts[u]!, terms);
  }
  return { fromJoint, patterns, used, base, unit, bound, starts, members: members.subarray(0, terms), values: values.subarray(0, terms) };
}

/**
 * The most that one pattern's terms among `from … to − 1` add up to in absolute value (the
 * patterns ascend, so a pattern's terms are side by side; were they not, the sum of them all), or
 * +∞ when a term is not a whole number.
 */
function patternBound(members: Int32Array, values: Float64Array, from: number, to: number): number {
  let most = 0;
  let run = 0;
  let all = 0;
  let ascending = true;
  for (let e = from; e < to; e++) {
    const v = values[e]!;
    if (!Number.isInteger(v)) return Infinity;
    const same = e > from && members[e] === members[e - 1];
    if (e > from && members[e]! < members[e - 1]!) ascending = false;
    run = same ? run + Math.abs(v) : Math.abs(v);
    most = Math.max(most, run);
    all += Math.abs(v);
  }
  return ascending ? most : all;
}

function wholeNumbers(values: Float64Array, from: number, to: number): boolean {
  for (let e = from; e < to; e++) if (!Number.isInteger(values[e]) || Math.abs(values[e]!) > MAX_EXACT_VALUE) return false;
  return true;
}

/**
 * Each pattern's value of one statistic at a time (`dense`, 0 for those that do not touch it): the
 * sum of its entries there (a document may add to one statistic twice), and the value to sum the
 * statistic relative to.
 */
class SharedValues {
  readonly dense: Float64Array;
  /** The patterns met with a value of 0, `#touchedCount` of them, in order (one again if its value went back to 0). */
  readonly #touched: Int32Array;
  #touchedCount = 0;
  /**
   * How many of the touched patterns have each value: an open-addressing table of the values (as
   * int32: whole numbers of at most 2^19), a count of 0 for an empty slot. `#slotOf[k]` is the
   * slot of touched pattern k's value.
   */
  readonly #values: Int32Array;
  readonly #counts: Int32Array;
  readonly #shift: number;
  readonly #slotOf: Int32Array;

  /** For `patterns` patterns and statistics of at most `terms` terms. */
  constructor(patterns: number, terms: number) {
    this.dense = new Float64Array(patterns);
    this.#touched = new Int32Array(terms);
    this.#slotOf = new Int32Array(terms);
    let bits = 1;
    while (1 << bits < 2 * terms) bits += 1;
    this.#values = new Int32Array(1 << bits);
    this.#counts = new Int32Array(1 << bits);
    this.#shift = 32 - bits;
  }

  /**
   * The value c ≠ 0 to sum a statistic of whole numbers (the terms `from … to − 1` of the group)
   * relative to, or 0 to sum it as recorded: the value most patterns have (0 for those that do not
   * touch it; the first met of values as common), when fewer patterns differ from it than there
   * are terms. Leaves each pattern's value in `dense` until `clear`.
   */
  value(group: PatternGroup, from: number, to: number): number {
    const dense = this.dense;
    const touched = this.#touched;
    let count = 0;
    for (let e = from; e < to; e++) {
      const p = group.members[e]!;
      if (dense[p] === 0) touched[count++] = p;
      dense[p]! += group.values[e]!;
    }
    this.#touchedCount = count;
    // |v_p − c| ≤ 2^20 keeps every term W_p · (v_p − c) and partial sum exact (see MAX_TOTAL_WEIGHT)
    for (let k = 0; k < count; k++) if (Math.abs(dense[touched[k]!]!) > MAX_EXACT_VALUE / 2) return 0;
    const values = this.#values;
    const counts = this.#counts;
    const slotOf = this.#slotOf;
    const mask = counts.length - 1;
    for (let k = 0; k < count; k++) {
      // A whole number that small is the same value as an int32.
      const v = dense[touched[k]!]! | 0;
      let slot = Math.imul(v, 0x9e3779b1) >>> this.#shift;
      while (counts[slot] !== 0 && values[slot] !== v) slot = (slot + 1) & mask;
      values[slot] = v;
      counts[slot]! += 1;
      slotOf[k] = slot;
    }
    // The values in the order they were first met: a later one takes the lead only with more patterns.
    const patterns = dense.length;
    let best = 0;
    let bestCount = patterns - count;
    for (let k = 0; k < count; k++) {
      const slot = slotOf[k]!;
      if (values[slot] !== 0 && counts[slot]! > bestCount) {
        best = values[slot]!;
        bestCount = counts[slot]!;
      }
    }
    for (let k = 0; k < count; k++) counts[slotOf[k]!] = 0;
    return patterns - bestCount < to - from ? best : 0;
  }

  /** Every pattern's value back to 0. */
  clear(): void {
    for (let k = 0; k < this.#touchedCount; k++) this.dense[this.#touched[k]!] = 0;
  }
}
