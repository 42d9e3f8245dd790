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
 * their order, are those of the full scan.
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
): AncestorConfusion {
  const L = taxonomy.size;
  const depth = taxonomy.maxDepth;
  const depths = taxonomy.depth;
  const sumB = new Float64Array(depth + 1);
  const sumD = new Float64Array(depth + 1);
  const countB = new Int32Array(depth + 1);
  const countD = new Int32Array(depth + 1);
  const diagonal = new Float64Array(L);
  let diagonals = 0;
  const ringB = new Float64Array(depth + 1);
  const ringQ = new Float64Array(depth + 1);
  // The bootstrap reduces this once per resample: no allocation per row.
  const ringCacheRows = ringRows(taxonomy);
  let next = 0;
  for (let i = 1; i <= L; i++) {
    const n = rows[i - 1]!;
    const rowStart = (i - 1) * L;
    if (positions) while (next < positions.length && positions[next]! < rowStart) next += 1;
    if (n === 0) continue;
    const k = depths[i]!;
    const { order, size } = ringRow(taxonomy, i, ringCacheRows);
    ringB.fill(0);
    ringQ.fill(0);
    // j ascending either way: every ring's sums see the same terms in the same order
    if (positions) {
      for (; next < positions.length && positions[next]! < rowStart + L; next++) {
        const t = matrix[positions[next]!]!;
        if (t === 0) continue;
        const a = order[positions[next]! - rowStart + 1]!;
        if (a === NO_RING) continue;
        const m = t / n;
        ringB[a]! += m;
        ringQ[a]! += m * m;
      }
    } else {
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
    }
    diagonal[diagonals++] = ringB[0]!;
    for (let a = 0; a <= k; a++) {
      sumB[a]! += ringB[a]!;
      countB[a]! += 1;
      const p = size[a]!;
      if (a === 0 || p === 0) continue;
      const mean = ringB[a]! / p;
      sumD[a]! += Math.sqrt(Math.max(0, ringQ[a]! / p - mean * mean));
      countD[a]! += 1;
    }
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
