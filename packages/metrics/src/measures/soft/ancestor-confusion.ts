import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { addScannedRow, clearSums, type ConfusionSums, confusionSums, diagonalSquares, sumSupportRows } from "./confusion-sums.ts";
import { type FullSampleRows, sumLeftOutRows } from "./left-out-rows.ts";
import { ringRow, ringRows } from "./ring-row.ts";
import { supportRows } from "./support-rows.ts";

export { NO_RING, ringRow } from "./ring-row.ts";
export type { FullSampleRows } from "./left-out-rows.ts";

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
 * full sample of which `rows` and `matrix` leave one document out (a
 * jackknife's): a row with the full sample's count takes the terms it gave
 * there, and the sums resume the full sample's before the first row that
 * differs, so the values are the same.
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
  const sums = confusionSums(taxonomy);
  const ringCacheRows = ringRows(taxonomy);
  clearSums(sums);
  if (positions) {
    const support = supportRows(taxonomy, positions, ringCacheRows);
    if (full) sumLeftOutRows(sums, support, rows, matrix, full, taxonomy, ringCacheRows);
    else sumSupportRows(sums, support, rows, matrix, taxonomy, ringCacheRows);
  } else
    for (let i = 1; i <= L; i++) {
      const n = rows[i - 1]!;
      if (n !== 0) addScannedRow(sums, matrix, n, ringRow(taxonomy, i, ringCacheRows), L, (i - 1) * L);
    }
  return means(sums, taxonomy.maxDepth);
}

/** B̄_a = ΣB_a / count and δ̄_a, by order; δ̄_0 from the diagonal beliefs' spread around B̄_0. */
function means(sums: ConfusionSums, depth: number): AncestorConfusion {
  const { sumB, sumD, countB, countD, diagonal, diagonals } = sums;
  const confusion: Record<string, number> = {};
  const rms: Record<string, number> = {};
  const labels: Record<string, number> = {};
  for (let a = 0; a <= depth; a++) {
    if (countB[a] === 0) continue;
    confusion[a] = sumB[a]! / countB[a]!;
    labels[a] = countB[a]!;
    if (a === 0) {
      const b0 = confusion[0]!;
      const known = sums.diagonalSquares;
      const squares = Number.isNaN(known) ? diagonalSquares(diagonal, diagonals, b0) : known;
      rms[a] = Math.sqrt(squares / diagonals);
    } else if (countD[a]! > 0) rms[a] = sumD[a]! / countD[a]!;
  }
  return { confusion, rms, labels };
}
