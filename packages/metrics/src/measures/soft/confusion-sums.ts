import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { NO_RING, ringRow, type RingRow } from "./ring-row.ts";
import type { SupportRows } from "./support-rows.ts";

/**
 * `ancestorConfusion`'s sums over the gold labels, by order a = 0 … the taxonomy's depth: ΣB_a(i)
 * and its count, Σδ_a(i) and its count, and the diagonal beliefs M_ii in row order. Scratch kept
 * per taxonomy: the bootstrap reduces once per resample, with nothing allocated per row.
 */
export interface ConfusionSums {
  /** `sumB` then `sumD`, and `countB` then `countD`, in one array each. */
  readonly sums: Float64Array;
  readonly counts: Float64Array;
  readonly sumB: Float64Array;
  readonly sumD: Float64Array;
  readonly countB: Float64Array;
  readonly countD: Float64Array;
  readonly diagonal: Float64Array;
  /** How many of `diagonal` are set. */
  diagonals: number;
  /** Σ_d (M_dd − B̄_0)² over the diagonal beliefs when already known, else NaN. */
  diagonalSquares: number;
  /** One row's terms: B_a(i) at a, δ_a(i) at k + 1 + a. */
  readonly terms: Float64Array;
  /** A scanned row's sums by ring, of beliefs and of their squares. */
  readonly ringB: Float64Array;
  readonly ringQ: Float64Array;
}

const scratchCache = new WeakMap<Taxonomy, ConfusionSums>();

/** The taxonomy's `ConfusionSums` scratch. */
export function confusionSums(taxonomy: Taxonomy): ConfusionSums {
  let scratch = scratchCache.get(taxonomy);
  if (scratch) return scratch;
  const orders = taxonomy.maxDepth + 1;
  const sums = new Float64Array(2 * orders);
  const counts = new Float64Array(2 * orders);
  scratch = {
    sums,
    counts,
    sumB: sums.subarray(0, orders),
    sumD: sums.subarray(orders),
    countB: counts.subarray(0, orders),
    countD: counts.subarray(orders),
    diagonal: new Float64Array(taxonomy.size),
    diagonals: 0,
    diagonalSquares: NaN,
    terms: new Float64Array(2 * orders),
    ringB: new Float64Array(orders),
    ringQ: new Float64Array(orders),
  };
  scratchCache.set(taxonomy, scratch);
  return scratch;
}

/** Sets the sums, counts and diagonal beliefs to none. */
export function clearSums(sums: ConfusionSums): void {
  sums.sums.fill(0);
  sums.counts.fill(0);
  sums.diagonals = 0;
  sums.diagonalSquares = NaN;
}

/** Σ_d (diagonal[d] − b0)² over the first `count` diagonal beliefs, in order. */
export function diagonalSquares(diagonal: Float64Array, count: number, b0: number): number {
  let squares = 0;
  for (let d = 0; d < count; d++) squares += (diagonal[d]! - b0) ** 2;
  return squares;
}

/**
 * Ring a's δ_a(i) from the sums of its beliefs `b` and of their squares `q` over its `p` labels. A
 * ring with no belief (q = 0: its beliefs are all 0, or too small to square) has
 * δ = √max(0, 0 − mean²) = 0, given without the arithmetic.
 */
export function ringDistance(b: number, q: number, p: number): number {
  if (q === 0) return 0;
  const mean = b / p;
  const variance = q / p - mean * mean;
  // √max(0, v), without the max: +0 for v ≤ 0 (−0 included), √v otherwise (NaN stays NaN)
  return variance <= 0 ? 0 : Math.sqrt(variance);
}

/**
 * Adds gold label i's row (count `n`, beliefs `matrix[(i−1)·L + j−1]`) to the sums from every entry
 * of the row, j ascending: each ring's sums see its beliefs in that order.
 */
export function addScannedRow(
  sums: ConfusionSums,
  matrix: ArrayLike<number>,
  n: number,
  { order, size }: RingRow,
  L: number,
  rowStart: number,
): void {
  const { ringB, ringQ, terms } = sums;
  const k = size.length - 1;
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
  for (let a = 0; a <= k; a++) {
    terms[a] = ringB[a]!;
    if (a > 0 && size[a]! > 0) terms[k + 1 + a] = ringDistance(ringB[a]!, ringQ[a]!, size[a]!);
  }
  addTerms(sums, terms, size);
}

/**
 * Adds a gold label's terms (B_a at a, δ_a at k + 1 + a, k its depth) to the sums and counts by
 * order a, and its B_0 to the diagonal beliefs.
 */
export function addTerms(sums: ConfusionSums, terms: Float64Array, size: Int32Array): void {
  const { sumB, sumD, countB, countD, diagonal } = sums;
  const k = size.length - 1;
  diagonal[sums.diagonals++] = terms[0]!;
  for (let a = 0; a <= k; a++) {
    sumB[a]! += terms[a]!;
    countB[a]! += 1;
    if (a === 0 || size[a] === 0) continue;
    sumD[a]! += terms[k + 1 + a]!;
    countD[a]! += 1;
  }
}

/**
 * Sets the cleared sums to those of every gold label's row (n_i = `rows[i−1]` > 0) from its
 * entries of the support alone, segment by segment: each ring's sums see its entries in ascending
 * j, as in the full scan, so they are the same to the bit. A ring with no entry has
 * B_a(i) = δ_a(i) = +0, which changes no sum (they start at +0 and never become −0): only its
 * counts are added, by depth once all rows are in.
 */
export function sumSupportRows(
  sums: ConfusionSums,
  support: SupportRows,
  rows: ArrayLike<number>,
  matrix: ArrayLike<number>,
  taxonomy: Taxonomy,
  ringCacheRows: (RingRow | undefined)[],
): void {
  const { ringEntries, rowSegments, segmentStart, segmentOrder, segmentSize, hollow, labels } = support;
  const { sumB, sumD, countB, countD, diagonal } = sums;
  const depths = taxonomy.depth;
  // countB[a] at first counts the rows of depth a only; countD[a] the rows with an empty ring a
  let diagonals = 0;
  for (let i = 1; i <= labels; i++) {
    const n = rows[i - 1]!;
    if (n === 0) continue;
    countB[depths[i]!]! += 1;
    if (hollow[i] === 1) countHollowRings(countD, ringRow(taxonomy, i, ringCacheRows).size);
    let s = rowSegments[i - 1]!;
    const end = rowSegments[i]!;
    // The row's segments are contiguous: e runs on from one to the next, and each segment's end is
    // read once (a typed-array load in the loop's test is not hoisted past the sums' stores).
    let e = segmentStart[s]!;
    // ring 0, {i}, comes first: one entry, the diagonal belief (+0 for an unlisted entry)
    let diagonalBelief = 0;
    if (s < end && segmentOrder[s] === 0) {
      diagonalBelief += matrix[ringEntries[e++]!]! / n;
      sumB[0]! += diagonalBelief;
      s++;
    }
    diagonal[diagonals++] = diagonalBelief;
    for (; s < end; s++) {
      const stop = segmentStart[s + 1]!;
      let b = 0;
      let q = 0;
      for (; e < stop; e++) {
        const m = matrix[ringEntries[e]!]! / n;
        b += m;
        q += m * m;
      }
      const a = segmentOrder[s]!;
      sumB[a]! += b;
      sumD[a]! += ringDistance(b, q, segmentSize[s]!);
    }
  }
  sums.diagonals = diagonals;
  // a row of depth k counts at every order a ≤ k; δ_a at each a ≥ 1 whose ring is not empty
  for (let a = countB.length - 2; a >= 0; a--) countB[a]! += countB[a + 1]!;
  countD[0] = 0;
  for (let a = 1; a < countD.length; a++) countD[a] = countB[a]! - countD[a]!;
}

/** Counts a row's empty rings a ≥ 1 (P_a(i) = 0) at a. */
function countHollowRings(counts: Float64Array, size: Int32Array): void {
  for (let a = 1; a < size.length; a++) if (size[a] === 0) counts[a]! += 1;
}

/**
 * Gold label i's terms into `out` (B_a at a, δ_a at k + 1 + a for a = 0 … k, its depth) from its
 * entries of the support, as `sumSupportRows` sums them.
 */
export function supportRowTerms(
  support: SupportRows,
  matrix: ArrayLike<number>,
  n: number,
  i: number,
  size: Int32Array,
  out: Float64Array,
): Float64Array {
  const { ringEntries, rowSegments, segmentStart, segmentOrder } = support;
  const k = size.length - 1;
  out.fill(0, 0, 2 * (k + 1));
  const end = rowSegments[i]!;
  for (let s = rowSegments[i - 1]!, e = segmentStart[s]!; s < end; s++) {
    const stop = segmentStart[s + 1]!;
    let b = 0;
    let q = 0;
    for (; e < stop; e++) {
      const m = matrix[ringEntries[e]!]! / n;
      b += m;
      q += m * m;
    }
    const a = segmentOrder[s]!;
    out[a] = b;
    if (a > 0) out[k + 1 + a] = ringDistance(b, q, size[a]!);
  }
  return out;
}
