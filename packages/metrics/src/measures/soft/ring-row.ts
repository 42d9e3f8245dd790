import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

/** Not in any ring: the root, and the descendants of the gold label (they lie inside θ_i, so are no confusion). */
export const NO_RING = -1;

/** A label's rings: which ring each label lies in, and how many labels each ring holds. */
export interface RingRow {
  /** `order[j]`: the a with j ∈ R_a(i), or NO_RING. */
  readonly order: Int16Array;
  /** `size[a]` = P_a(i) = |R_a(i)|, a = 0 … depth(i). */
  readonly size: Int32Array;
}

const ringCache = new WeakMap<Taxonomy, (RingRow | undefined)[]>();

/** The taxonomy's cache of ring rows, by label. */
export function ringRows(taxonomy: Taxonomy): (RingRow | undefined)[] {
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
