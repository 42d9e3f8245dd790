import { leftOutEntries } from "../../scoring/full-sample-terms.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { type ConfusionSums, diagonalSquares, supportRowTerms } from "./confusion-sums.ts";
import { ringRow, type RingRow } from "./ring-row.ts";
import type { SupportRows } from "./support-rows.ts";

/**
 * The full sample's rows beside a leave-one-out vector (the full sample less one document's
 * statistics): a row whose count n_i equals the full sample's equals it entirely, since the
 * document adds to the count of every row it adds beliefs to, and so has its terms.
 */
export interface FullSampleRows {
  readonly rows: ArrayLike<number>;
  readonly matrix: ArrayLike<number>;
  /** The full sample's terms and running sums, made by the first call (`sumLeftOutRows`). */
  reduced?: ReducedFullSample;
}

/**
 * The full sample's rows reduced: their terms and the sums before each, with the sums' places
 * (`ConfusionSums.sums`: ΣB_a at a, Σδ_a at orders + a) padded to `width`, a multiple of 8.
 */
interface ReducedFullSample {
  readonly width: number;
  /** Row i's terms at (i − 1)·width: +0 where the row adds none (no document, an order above its depth, δ_0, an empty ring). */
  readonly terms: Float64Array;
  /** The sums before row i at (i − 1)·width, i = 1 … L + 1, each adding the rows' terms in row order. */
  readonly running: Float64Array;
  /** Row i's counts at (i − 1)·width: 1 for each term it adds. */
  readonly rowCounts: Uint8Array;
  /** The counts of every row. */
  readonly counts: Float64Array;
  /** The diagonal beliefs M_ii, in row order, and Σ (M_ii − B̄_0)² over them. */
  readonly diagonal: Float64Array;
  readonly diagonalSquares: number;
  /** `diagonalAt[i − 1]`: how many of `diagonal` come before row i (i = 1 … L + 1). */
  readonly diagonalAt: Int32Array;
  /** Scratch: the rows whose count differs from the full sample's, and the sums and counts. */
  readonly changed: Int32Array;
  readonly sums: Float64Array;
  readonly sumCounts: Float64Array;
}

/**
 * Sets the cleared sums to those of a leave-one-out vector (`rows`, `matrix`) of the full sample:
 * the rows whose count differs are reduced from the support, the others take the full sample's
 * terms, and the sums go on in row order from the full sample's before the first changed row.
 * A term a row does not add is +0 there, which changes no sum (they start at +0 and never become
 * −0), so the sums are those of reducing every row, to the bit.
 */
export function sumLeftOutRows(
  sums: ConfusionSums,
  support: SupportRows,
  rows: ArrayLike<number>,
  matrix: ArrayLike<number>,
  full: FullSampleRows,
  taxonomy: Taxonomy,
  ringCacheRows: (RingRow | undefined)[],
): void {
  const reduced = (full.reduced ??= reduceFullSample(sums, support, full, taxonomy, ringCacheRows));
  const { width, rowCounts } = reduced;
  const L = taxonomy.size;
  const changed = changedRows(rows, full.rows, reduced.changed);
  const orders = sums.sumB.length;
  const { terms, diagonal } = sums;
  const acc = reduced.sums;
  const counts = reduced.sumCounts;
  const first = changed.length > 0 ? changed[0]! : L;
  for (let j = 0; j < width; j++) {
    acc[j] = reduced.running[first * width + j]!;
    counts[j] = reduced.counts[j]!;
  }
  let next = first;
  let sameDiagonal = true;
  let diagonals = copyDiagonals(reduced, 0, next, diagonal, 0);
  for (const r of changed) {
    addRows(reduced, next, r, acc);
    diagonals = copyDiagonals(reduced, next, r, diagonal, diagonals);
    next = r + 1;
    for (let j = 0; j < width; j++) counts[j]! -= rowCounts[r * width + j]!;
    const n = rows[r]!;
    if (n === 0) {
      sameDiagonal = false;
      continue;
    }
    const { size } = ringRow(taxonomy, r + 1, ringCacheRows);
    supportRowTerms(support, matrix, n, r + 1, size, terms);
    const k = size.length - 1;
    if (full.rows[r] === 0 || !Object.is(terms[0], reduced.terms[r * width])) sameDiagonal = false;
    diagonal[diagonals++] = terms[0]!;
    for (let a = 0; a <= k; a++) {
      acc[a]! += terms[a]!;
      counts[a]! += 1;
      if (a === 0 || size[a] === 0) continue;
      acc[orders + a]! += terms[k + 1 + a]!;
      counts[orders + a]! += 1;
    }
  }
  addRows(reduced, next, L, acc);
  sums.diagonals = copyDiagonals(reduced, next, L, diagonal, diagonals);
  for (let j = 0; j < 2 * orders; j++) {
    sums.sums[j] = acc[j]!;
    sums.counts[j] = counts[j]!;
  }
  // The same diagonal beliefs as the full sample's (every changed row keeps its B_0): the same spread.
  if (sameDiagonal) sums.diagonalSquares = reduced.diagonalSquares;
}

/**
 * Adds the terms of rows `from` … `to` − 1 (0-based) to `acc` in row order, eight sums at a time
 * (each sum's own order unchanged, the eight running side by side).
 */
function addRows({ terms, width }: ReducedFullSample, from: number, to: number, acc: Float64Array): void {
  for (let g = 0; g < width; g += 8) {
    let s0 = acc[g]!;
    let s1 = acc[g + 1]!;
    let s2 = acc[g + 2]!;
    let s3 = acc[g + 3]!;
    let s4 = acc[g + 4]!;
    let s5 = acc[g + 5]!;
    let s6 = acc[g + 6]!;
    let s7 = acc[g + 7]!;
    for (let at = from * width + g; at < to * width; at += width) {
      s0 += terms[at]!;
      s1 += terms[at + 1]!;
      s2 += terms[at + 2]!;
      s3 += terms[at + 3]!;
      s4 += terms[at + 4]!;
      s5 += terms[at + 5]!;
      s6 += terms[at + 6]!;
      s7 += terms[at + 7]!;
    }
    acc[g] = s0;
    acc[g + 1] = s1;
    acc[g + 2] = s2;
    acc[g + 3] = s3;
    acc[g + 4] = s4;
    acc[g + 5] = s5;
    acc[g + 6] = s6;
    acc[g + 7] = s7;
  }
}

/** Copies the full sample's diagonal beliefs of rows `from` … `to` − 1 (0-based) to `diagonal` at `at`; returns where they end. */
function copyDiagonals(reduced: ReducedFullSample, from: number, to: number, diagonal: Float64Array, at: number): number {
  const start = reduced.diagonalAt[from]!;
  const end = reduced.diagonalAt[to]!;
  diagonal.set(reduced.diagonal.subarray(start, end), at);
  return at + end - start;
}

/**
 * The rows (as i − 1, ascending) whose count differs from the full sample's, in `scratch`: those
 * the left-out document's entries fall in when `rows` is registered (`leftOutEntries`), else found
 * by comparing every row.
 */
function changedRows(rows: ArrayLike<number>, fullRows: ArrayLike<number>, scratch: Int32Array): Int32Array {
  const entries = rows instanceof Float64Array ? leftOutEntries(rows) : undefined;
  let count = 0;
  if (entries)
    for (const entry of entries) {
      if (rows[entry] === fullRows[entry]) continue;
      // insertion into the ascending list, once
      let at = count;
      while (at > 0 && scratch[at - 1]! > entry) at--;
      if (at > 0 && scratch[at - 1] === entry) continue;
      scratch.copyWithin(at + 1, at, count);
      scratch[at] = entry;
      count++;
    }
  else for (let r = 0; r < scratch.length; r++) if (rows[r] !== fullRows[r]) scratch[count++] = r;
  return scratch.subarray(0, count);
}

/** The full sample's rows reduced (`ReducedFullSample`). */
function reduceFullSample(
  sums: ConfusionSums,
  support: SupportRows,
  full: FullSampleRows,
  taxonomy: Taxonomy,
  ringCacheRows: (RingRow | undefined)[],
): ReducedFullSample {
  const L = taxonomy.size;
  const orders = sums.sumB.length;
  const width = 8 * Math.ceil((2 * orders) / 8);
  const terms = new Float64Array(L * width);
  const rowCounts = new Uint8Array(L * width);
  const counts = new Float64Array(width);
  const diagonal: number[] = [];
  const diagonalAt = new Int32Array(L + 1);
  const rowTerms = sums.terms;
  for (let r = 0; r < L; r++) {
    diagonalAt[r] = diagonal.length;
    const n = full.rows[r]!;
    if (n === 0) continue;
    const { size } = ringRow(taxonomy, r + 1, ringCacheRows);
    const k = size.length - 1;
    supportRowTerms(support, full.matrix, n, r + 1, size, rowTerms);
    diagonal.push(rowTerms[0]!);
    for (let a = 0; a <= k; a++) {
      terms[r * width + a] = rowTerms[a]!;
      rowCounts[r * width + a] = 1;
      if (a === 0 || size[a] === 0) continue;
      terms[r * width + orders + a] = rowTerms[k + 1 + a]!;
      rowCounts[r * width + orders + a] = 1;
    }
    for (let j = 0; j < width; j++) counts[j]! += rowCounts[r * width + j]!;
  }
  diagonalAt[L] = diagonal.length;
  const running = new Float64Array((L + 1) * width);
  for (let r = 0; r < L; r++)
    for (let j = 0; j < width; j++) running[(r + 1) * width + j] = running[r * width + j]! + terms[r * width + j]!;
  const b0 = running[L * width]! / counts[0]!;
  return {
    diagonalSquares: diagonalSquares(Float64Array.from(diagonal), diagonal.length, b0),
    width,
    terms,
    running,
    rowCounts,
    counts,
    diagonal: Float64Array.from(diagonal),
    diagonalAt,
    changed: new Int32Array(L),
    sums: new Float64Array(width),
    sumCounts: new Float64Array(width),
  };
}
