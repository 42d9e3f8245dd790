/**
 * The minimum total cost of assigning each of n rows to a distinct one of
 * `columns` ≥ n columns, min over injections π of Σ_i cost[i][π(i)], by the
 * Hungarian method with potentials, O(n² · columns) (Kuhn, "The Hungarian
 * method for the assignment problem"). `cost` is row-major, n × columns,
 * finite. It solves the GIE pairing of "Evaluation Measures for Hierarchical
 * Classification: a unified view and novel approaches".
 *
 * @example
 * minCostAssignment(Float64Array.of(4, 1, 2, 3), 2); // 3 (row 0 → column 1, row 1 → column 0)
 * minCostAssignment(Float64Array.of(4, 1, 0), 1, 3); // 0 (the one row → column 2)
 */
export function minCostAssignment(cost: Float64Array, rows: number, columns = rows): number {
  if (rows > columns) throw new RangeError(`expected at most as many rows as columns, got ${rows} rows and ${columns} columns`);
  const n = rows;
  const w = columns;
  if (n === 0) return 0;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(w + 1);
  const rowOf = new Int32Array(w + 1); // rowOf[j]: the row (1-based) assigned to column j
  const way = new Int32Array(w + 1);
  const minv = new Float64Array(w + 1);
  const used = new Uint8Array(w + 1);
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
      for (let j = 1; j <= w; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * w + (j - 1)]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= w; j++) {
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
  for (let j = 1; j <= w; j++) if (rowOf[j]! > 0) total += cost[(rowOf[j]! - 1) * w + (j - 1)]!;
  return total;
}
