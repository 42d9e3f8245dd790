/**
 * Kendall's τ-b between two paired lists of values (scores or ranks), with
 * ties corrected:
 *
 * τ_b = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2))
 *
 * over all n_0 = n(n−1)/2 pairs, where n_c and n_d count concordant and
 * discordant pairs, n_1 the pairs tied in `x` and n_2 the pairs tied in `y`.
 * Undefined (NaN) when one list is constant or has fewer than two values,
 * as in SciPy's `kendalltau`.
 *
 * Source: M. G. Kendall, "The treatment of ties in ranking problems" (1945).
 * O(n²), meant for the handful of submissions of a leaderboard.
 *
 * @example
 * kendallTauB([1, 2, 3, 4], [1, 2, 3, 4]); // 1
 * kendallTauB([1, 2, 3, 4], [4, 3, 2, 1]); // -1
 * kendallTauB([1, 2, 2, 3], [1, 3, 2, 4]); // 0.9128709291752769 = 5/√(5·6)
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error(`kendallTauB: expected lists of equal length, got ${x.length} and ${y.length}`);
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiedX += 1;
      if (dy === 0) tiedY += 1;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant += 1;
        else discordant += 1;
      }
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedX) * (pairs - tiedY));
  return denominator === 0 ? NaN : (concordant - discordant) / denominator;
}
