import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

/** Not in any ring: the root, and the descendants of the gold label (they lie inside θ_i, so are no confusion). */
export const NO_RING = -1;

interface RingRow {
  /** `order[j]`: the a with j ∈ R_a(i), or NO_RING. */
  readonly order: Int16Array;
  /** `size[a]` = P_a(i) = |R_a(i)|, a = 0 … depth(i). */
  readonly size: Int32Array;
}

const ringCache = new WeakMap<Taxonomy, (RingRow | undefined)[]>();

/** The taxonomy's cache of ring rows, by label. */
function ringRows(taxonomy: Taxonomy): (RingRow | undefined)[] {
  let rows = ringCache.get(taxonomy);
  if (!rows) ringCache.set(taxonomy, (rows = []));
  return rows;
}

/**
 * The rings of van Norden & Jonker around a label i of depth k (its
 * "specificity level"): R_0(i) = {i}, and for a = 1 … k
 *
 * R_a(i) = D(θ_i^{↑a}) \ D(θ_i^{↑(a−1)}), with D(θ_i^{↑0}) = D(i)
 *
 * where θ_i^{↑a} is the join of i's ancestors at depth k − a (one node in a
 * tree; the root at a = k) and D(x) is x with all its descendants. So
 * j ∈ R_a(i) when the deepest common ancestor-or-self of i and j above i's
 * level has depth k − a. Depth is the taxonomy's (shortest distance from the
 * root), so in a DAG an ancestor no shallower than i is never an a-th order
 * ancestor. Cached per taxonomy and label.
 *
 * @example
 * // tree A{A1,A2}, B{B1}: rings of A1
 * ringRow(taxonomy, A1).order; // A1 → 0, A2 → 1, A → 1, B → 2, B1 → 2
 */
export function ringRow(taxonomy: Taxonomy, i: number, rows = ringRows(taxonomy)): RingRow {
  const cached = rows[i];
  if (cached) return cached;
  const n = taxonomy.nodeCount;
  const k = taxonomy.depth[i]!;
  // depth of each usable ancestor of i (an a-th order ancestor for some a ≥ 1), −1 elsewhere
  const mark = new Int32Array(n).fill(-1);
  mark[ROOT] = 0;
  for (const x of taxonomy.ancestors[i]!) if (taxonomy.depth[x]! < k) mark[x] = taxonomy.depth[x]!;
  const order = new Int16Array(n).fill(NO_RING);
  const size = new Int32Array(k + 1);
  for (let j = 1; j < n; j++) {
    const above = taxonomy.ancestors[j]!;
    if (j === i) order[j] = 0;
    else if (above.includes(i)) continue;
    else {
      let deepest = Math.max(mark[j]!, 0);
      for (const y of above) if (mark[y]! > deepest) deepest = mark[y]!;
      order[j] = k - deepest;
    }
    size[order[j]!]! += 1;
  }
  const row = { order, size };
  rows[i] = row;
  return row;
}

/** B̄_a and δ̄_a for a = 0 … the taxonomy's depth, with the number of labels each mean is over. */
export interface AncestorConfusion {
  readonly confusion: Record<string, number>;
  readonly rms: Record<string, number>;
  readonly labels: Record<string, number>;
}

/**
 * van Norden & Jonker's a-th order ancestor confusion and RMS distance, from
 * the summed per-document statistics: `rows[i]` = n_i, the number of
 * (document, gold label i) pairs, and `matrix[i·L + j]` = Σ of the scores
 * those documents gave label j (labels 1-based, stored from 0). With the
 * mean belief M_ij = matrix_ij / n_i:
 *
 * - B_a(i) = Σ_{j ∈ R_a(i)} M_ij (B_0(i) = M_ii, the diagonal);
 *   B̄_a = mean of B_a(i) over the gold labels i of depth ≥ a.
 * - δ_a(i) = √( (1/P_a(i)) Σ_{j ∈ R_a(i)} (M_ij − B_a(i)/P_a(i))² ), the RMS
 *   distance of the ring's beliefs to their mean, P_a(i) = |R_a(i)|;
 *   δ̄_a = its mean over the same labels (a ≥ 1, P_a(i) > 0).
 * - δ̄_0, where the ring holds only i, is read as the paper's "RMS deviation
 *   on the diagonal": √(mean_i (M_ii − B̄_0)²), small when every class is
 *   recognised equally well.
 *
 * The paper's sum for δ runs over "θ_j ⊆ θ_i^{↑a}" while B_a excludes the
 * (a−1) branch; we use the ring for both, the only reading in which
 * B_a/P_a is the mean the distance is taken to.
 *
 * Source: W. van Norden and C. Jonker, "Confusion and distance metrics as
 * performance criteria for hierarchical classification spaces" (2009),
 * equations (2) and (3).
 *
 * `positions`, when given, lists (ascending, as `(i−1)·L + j−1`) the matrix
 * entries that may be non-zero, all others being 0: the bootstrap's sparse
 * resamples then visit a few thousand entries rather than L². The sums, and
 * their order, are those of the full scan. `full`, with `positions`, is the
 * full sample the sums resample: a row equal to its row bit for bit takes
 * the terms it gave (a leave-one-out sum differs from the total in a few
 * rows only), so the values are the same.
 *
 * @example
 * // tree A{A1,A2}, B{B1,B2}; one document, gold A1, scores A1 0.6, A2 0.2, A 0.1, B1 0.1
 * // B_0 = 0.6; R_1 = {A, A2}: B_1 = 0.3, δ_1 = 0.05; R_2 = {B, B1, B2}: B_2 = 0.1, δ_2 = √(0.02/9)
 */
export function ancestorConfusion(
  taxonomy: Taxonomy,
  rows: ArrayLike<number>,
  matrix: ArrayLike<number>,
  positions?: ArrayLike<number>,
  full?: FullSampleRows,
): AncestorConfusion {
  const L = taxonomy.size;
  const depth = taxonomy.maxDepth;
  const depths = taxonomy.depth;
  // The bootstrap reduces this once per resample: scratch kept per taxonomy, no allocation per row.
  const scratch = scratchOf(taxonomy);
  const { sumB, sumD, countB, countD, diagonal, own } = scratch;
  const ringCacheRows = ringRows(taxonomy);
  const support = positions && supportRows(taxonomy, positions, ringCacheRows);
  // A leave-one-out vector equals the full sample up to its first differing row: resume the full sample's sums there.
  const running = support && full?.countDecides ? (full.running ??= runningSums(taxonomy, full, support, scratch)) : undefined;
  const first = running ? firstDifferingRow(rows, full!.rows, L) : 1;
  let diagonals = restoreSums(scratch, running, first);
  for (let i = first; i <= L; i++) {
    const n = rows[i - 1]!;
    if (n === 0) continue;
    const k = depths[i]!;
    const ring = ringRow(taxonomy, i, ringCacheRows);
    let terms: Float64Array;
    if (!support) terms = scannedRowTerms(matrix, n, ring, k, L, (i - 1) * L, scratch, own);
    // A row equal to the full sample's (every row but the left-out document's gold labels, in a jackknife) has its terms.
    else if (full && n === full.rows[i - 1] && (full.countDecides || sameEntries(matrix, full.matrix, support, i)))
      terms = fullRowTerms(full, support, ring.size, k, i);
    else terms = supportRowTerms(matrix, n, ring.size, k, support, i, own);
    diagonal[diagonals++] = terms[0]!;
    addTerms(scratch, terms, k, ring.size);
  }
  const confusion: Record<string, number> = {};
  const rms: Record<string, number> = {};
  const labels: Record<string, number> = {};
  for (let a = 0; a <= depth; a++) {
    if (countB[a] === 0) continue;
    confusion[a] = sumB[a]! / countB[a]!;
    labels[a] = countB[a]!;
    if (a === 0) {
      const b0 = confusion[0]!;
      let squares = 0;
      for (let d = 0; d < diagonals; d++) squares += (diagonal[d]! - b0) ** 2;
      rms[a] = Math.sqrt(squares / diagonals);
    } else if (countD[a]! > 0) rms[a] = sumD[a]! / countD[a]!;
  }
  return { confusion, rms, labels };
}

/**
 * The full sample's rows beside a resample's: `ancestorConfusion` takes a row's terms from
 * `terms` (filled as needed) when the row equals the full sample's bit for bit.
 */
export interface FullSampleRows {
  readonly rows: ArrayLike<number>;
  readonly matrix: ArrayLike<number>;
  /** By label: B_a(i) at a, its δ_a(i) at depth(i) + 1 + a. */
  readonly terms: (Float64Array | undefined)[];
  /**
   * Whether a row whose count n_i equals the full sample's equals it entirely, so that its beliefs
   * need no comparing: true when the sums differ from the full sample by one document, which
   * adds to the count of every row it adds beliefs to.
   */
  readonly countDecides?: boolean;
  /** With `countDecides`: the sums before each row, made by the first call (`runningSums`). */
  running?: RunningSums;
}

/** A full-sample row's terms (`FullSampleRows.terms`), reduced the first time they are asked for. */
function fullRowTerms(full: FullSampleRows, support: SupportRows, size: Int32Array, k: number, i: number): Float64Array {
  return (full.terms[i] ??= supportRowTerms(full.matrix, full.rows[i - 1]!, size, k, support, i, new Float64Array(2 * (k + 1))));
}

/** Adds a gold label's terms (B_a at a, δ_a at k + 1 + a) to the sums and counts by order a. */
function addTerms({ sumB, sumD, countB, countD }: Scratch, terms: Float64Array, k: number, size: Int32Array): void {
  for (let a = 0; a <= k; a++) {
    sumB[a]! += terms[a]!;
    countB[a]! += 1;
    if (a === 0 || size[a] === 0) continue;
    sumD[a]! += terms[k + 1 + a]!;
    countD[a]! += 1;
  }
}

/**
 * `ancestorConfusion`'s sums as they stand before each row i = 1 … L + 1 of the full sample. A
 * vector equal to the full sample in rows 1 … i − 1 reaches the same sums there, to the bit: each
 * of those rows adds the full sample's terms, in the same order. A leave-one-out vector differs
 * in its document's gold labels' rows only, so it resumes at the first of them.
 */
interface RunningSums {
  /** Before row i: sumB (by order a = 0 … depth) at (i − 1)·`stride`, sumD after it. */
  readonly sums: Float64Array;
  /** Before row i: countB, then countD, at (i − 1)·`stride`; the number of diagonal beliefs at `diagonals[i − 1]`. */
  readonly counts: Int32Array;
  readonly diagonals: Int32Array;
  /** The full sample's diagonal beliefs M_ii, in row order. */
  readonly diagonal: Float64Array;
  /** 2·(depth + 1). */
  readonly stride: number;
}

/** The full sample's `RunningSums`, reducing every row of it (its terms are kept in `full.terms`). */
function runningSums(taxonomy: Taxonomy, full: FullSampleRows, support: SupportRows, scratch: Scratch): RunningSums {
  const L = taxonomy.size;
  const orders = taxonomy.maxDepth + 1;
  const stride = 2 * orders;
  const sums = new Float64Array((L + 1) * stride);
  const counts = new Int32Array((L + 1) * stride);
  const diagonals = new Int32Array(L + 1);
  const { sumB, sumD, countB, countD, diagonal } = scratch;
  let count = restoreSums(scratch, undefined, 1);
  for (let i = 1; i <= L + 1; i++) {
    const at = (i - 1) * stride;
    sums.set(sumB, at);
    sums.set(sumD, at + orders);
    counts.set(countB, at);
    counts.set(countD, at + orders);
    diagonals[i - 1] = count;
    if (i > L || full.rows[i - 1] === 0) continue;
    const size = ringRow(taxonomy, i).size;
    const terms = fullRowTerms(full, support, size, taxonomy.depth[i]!, i);
    diagonal[count++] = terms[0]!;
    addTerms(scratch, terms, taxonomy.depth[i]!, size);
  }
  return { sums, counts, diagonals, diagonal: diagonal.slice(0, count), stride };
}

/** The first row i (1-based) in which `rows` and `fullRows` differ, L + 1 when none does. */
function firstDifferingRow(rows: ArrayLike<number>, fullRows: ArrayLike<number>, L: number): number {
  let i = 1;
  while (i <= L && rows[i - 1] === fullRows[i - 1]) i += 1;
  return i;
}

/**
 * Sets the scratch's sums, counts and diagonal beliefs to those before row `first` (`running`),
 * or to none when there is no running sum; returns the number of diagonal beliefs.
 */
function restoreSums({ sumB, sumD, countB, countD, diagonal }: Scratch, running: RunningSums | undefined, first: number): number {
  if (!running) {
    sumB.fill(0);
    sumD.fill(0);
    countB.fill(0);
    countD.fill(0);
    return 0;
  }
  const orders = sumB.length;
  const at = (first - 1) * running.stride;
  sumB.set(running.sums.subarray(at, at + orders));
  sumD.set(running.sums.subarray(at + orders, at + 2 * orders));
  countB.set(running.counts.subarray(at, at + orders));
  countD.set(running.counts.subarray(at + orders, at + 2 * orders));
  const count = running.diagonals[first - 1]!;
  diagonal.set(running.diagonal.subarray(0, count));
  return count;
}

/** The sparse support's entries by row, and by ring within a row. */
interface SupportRows {
  /** The matrix entries that may be non-zero, ascending (`ancestorConfusion`'s `positions`). */
  readonly positions: ArrayLike<number>;
  /** Row i (1-based) holds `positions[bounds[i−1] … bounds[i]−1]`. */
  readonly bounds: Int32Array;
  /**
   * The same entries less those in no ring (NO_RING), row by row and within a row ring by ring,
   * ascending within a ring as in the row: ring a of row i is `ringEntries[ringBounds[s] …
   * ringBounds[s + 1] − 1]`, s = (i − 1)·`ringStride` + a.
   */
  readonly ringEntries: Int32Array;
  readonly ringBounds: Int32Array;
  /** Places per row in `ringBounds`: the taxonomy's depth + 2 (where rings 0 … depth begin, and the row's end). */
  readonly ringStride: number;
}

const supportCache = new WeakMap<ArrayLike<number>, SupportRows>();

/**
 * Where each row's entries of `positions` begin, and the entries grouped by ring, made once per
 * support (the bootstrap asks every resample): a resample then sums each ring's entries in one
 * run, with no ring to look up and no entry outside the rings to skip.
 */
function supportRows(taxonomy: Taxonomy, positions: ArrayLike<number>, ringCacheRows: (RingRow | undefined)[]): SupportRows {
  let found = supportCache.get(positions);
  if (found) return found;
  const L = taxonomy.size;
  const ringStride = taxonomy.maxDepth + 2;
  const bounds = new Int32Array(L + 1);
  const ringBounds = new Int32Array(L * ringStride);
  const ringEntries = new Int32Array(positions.length);
  let next = 0;
  let grouped = 0;
  for (let i = 1; i <= L; i++) {
    const from = next;
    while (next < positions.length && positions[next]! < i * L) next += 1;
    bounds[i] = next;
    const rowBounds = ringBounds.subarray((i - 1) * ringStride, i * ringStride);
    if (next === from) rowBounds.fill(grouped);
    else
      grouped = groupByRing(ringRow(taxonomy, i, ringCacheRows).order, positions, from, next, (i - 1) * L, ringEntries, rowBounds, grouped);
  }
  found = { positions, bounds, ringEntries: ringEntries.subarray(0, grouped), ringBounds, ringStride };
  supportCache.set(positions, found);
  return found;
}

/**
 * One row's entries `positions[from … to−1]` that lie in a ring, written to `ringEntries` from
 * `first` on ring by ring (a counting sort: ascending within each ring), with where ring a begins
 * in `rowBounds[a]` and where the row ends in its last place; returns that end.
 */
function groupByRing(
  order: Int16Array,
  positions: ArrayLike<number>,
  from: number,
  to: number,
  rowStart: number,
  ringEntries: Int32Array,
  rowBounds: Int32Array,
  first: number,
): number {
  // ring a's count at a + 1, then the running sum: where each ring begins
  rowBounds.fill(0);
  for (let p = from; p < to; p++) {
    const a = order[positions[p]! - rowStart + 1]!;
    if (a !== NO_RING) rowBounds[a + 1]! += 1;
  }
  rowBounds[0] = first;
  for (let a = 1; a < rowBounds.length; a++) rowBounds[a]! += rowBounds[a - 1]!;
  const next = rowBounds.slice(0, -1);
  for (let p = from; p < to; p++) {
    const a = order[positions[p]! - rowStart + 1]!;
    if (a !== NO_RING) ringEntries[next[a]!++] = positions[p]!;
  }
  return rowBounds[rowBounds.length - 1]!;
}

interface RowScratch {
  readonly ringB: Float64Array;
  readonly ringQ: Float64Array;
}

/** `ancestorConfusion`'s sums by order a, the diagonal's beliefs and one row's terms, reused by every call on a taxonomy. */
interface Scratch extends RowScratch {
  readonly sumB: Float64Array;
  readonly sumD: Float64Array;
  readonly countB: Int32Array;
  readonly countD: Int32Array;
  readonly diagonal: Float64Array;
  readonly own: Float64Array;
}

const scratchCache = new WeakMap<Taxonomy, Scratch>();

function scratchOf(taxonomy: Taxonomy): Scratch {
  let scratch = scratchCache.get(taxonomy);
  if (scratch) return scratch;
  const orders = taxonomy.maxDepth + 1;
  scratch = {
    sumB: new Float64Array(orders),
    sumD: new Float64Array(orders),
    countB: new Int32Array(orders),
    countD: new Int32Array(orders),
    diagonal: new Float64Array(taxonomy.size),
    own: new Float64Array(2 * orders),
    ringB: new Float64Array(orders),
    ringQ: new Float64Array(orders),
  };
  scratchCache.set(taxonomy, scratch);
  return scratch;
}

/** Whether `matrix` and `other` agree on row i's entries of the support (−0 equals 0: either adds nothing). */
function sameEntries(matrix: ArrayLike<number>, other: ArrayLike<number>, { positions, bounds }: SupportRows, i: number): boolean {
  for (let p = bounds[i - 1]!; p < bounds[i]!; p++) if (matrix[positions[p]!] !== other[positions[p]!]) return false;
  return true;
}

/**
 * Gold label i's row reduced into `out` from its entries of the support, ring by ring (see
 * `scannedRowTerms`): each ring's sums see its entries in ascending j, as in the full scan, so
 * they are the same to the bit. A 0 entry is added rather than tested for: it adds +0 to sums
 * that start at +0, which changes none of them.
 */
function supportRowTerms(
  matrix: ArrayLike<number>,
  n: number,
  size: Int32Array,
  k: number,
  { ringEntries, ringBounds, ringStride }: SupportRows,
  i: number,
  out: Float64Array,
): Float64Array {
  const base = (i - 1) * ringStride;
  for (let a = 0; a <= k; a++) {
    let b = 0;
    let q = 0;
    for (let e = ringBounds[base + a]!; e < ringBounds[base + a + 1]!; e++) {
      const m = matrix[ringEntries[e]!]! / n;
      b += m;
      q += m * m;
    }
    ringTerms(out, a, k, size[a]!, b, q);
  }
  return out;
}

/**
 * One gold label's row reduced into `out` from every entry of the row: B_a(i) at a and the
 * δ_a(i) term at k + 1 + a, for a = 0 … k (the label's depth), j ascending.
 */
function scannedRowTerms(
  matrix: ArrayLike<number>,
  n: number,
  { order, size }: RingRow,
  k: number,
  L: number,
  rowStart: number,
  { ringB, ringQ }: RowScratch,
  out: Float64Array,
): Float64Array {
  for (let a = 0; a <= k; a++) {
    ringB[a] = 0;
    ringQ[a] = 0;
  }
  const base = rowStart - 1;
  for (let j = 1; j <= L; j++) {
    const t = matrix[base + j]!;
    if (t === 0) continue;
    const a = order[j]!;
    if (a === NO_RING) continue;
    const m = t / n;
    ringB[a]! += m;
    ringQ[a]! += m * m;
  }
  for (let a = 0; a <= k; a++) ringTerms(out, a, k, size[a]!, ringB[a]!, ringQ[a]!);
  return out;
}

/**
 * Ring a's terms from the sums of its beliefs `b` and of their squares `q` over its `p` labels:
 * B_a(i) at a, δ_a(i) at k + 1 + a. A ring with no belief (q = 0: its beliefs are all 0, or too
 * small to square) has δ = √max(0, 0 − mean²) = 0, given without the arithmetic.
 */
function ringTerms(out: Float64Array, a: number, k: number, p: number, b: number, q: number): void {
  out[a] = b;
  if (a === 0 || p === 0) return;
  if (q === 0) {
    out[k + 1 + a] = 0;
    return;
  }
  const mean = b / p;
  out[k + 1 + a] = Math.sqrt(Math.max(0, q / p - mean * mean));
}
