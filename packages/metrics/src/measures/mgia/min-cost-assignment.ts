/**
 * The minimum total cost of a perfect assignment of n rows to n columns,
 * min over permutations π of Σ_i cost[i][π(i)], by the Hungarian method with
 * potentials, O(n³) (Kuhn, "The Hungarian method for the assignment
 * problem"). `cost` is row-major, n × n, finite. It solves the GIE pairing of
 * "Evaluation Measures for Hierarchical Classification: a unified view and
 * novel approaches".
 *
 * @example
 * minCostAssignment(Float64Array.of(4, 1, 2, 3), 2); // 3 (row 0 → column 1, row 1 → column 0)
 */
export function minCostAssignment(cost: Float64Array, n: number): number {
  if (n === 0) return 0;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const rowOf = new Int32Array(n + 1); // rowOf[j]: the row (1-based) assigned to column j
  const way = new Int32Array(n + 1);
  const minv = new Float64Array(n + 1);
  const used = new Uint8Array(n + 1);
  for (let i = 1; i <= n; i++) {
    rowOf[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = rowOf[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * n + (j - 1)]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOf[j0] = rowOf[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0;
  for (let j = 1; j <= n; j++) total += cost[(rowOf[j]! - 1) * n + (j - 1)]!;
  return total;
}
