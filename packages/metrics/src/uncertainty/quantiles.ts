/** Linearly interpolated quantile of sorted values (type 7). */
export function quantile(sorted: Float64Array, p: number): number {
  const { lo, hi, fraction } = quantileRanks(sorted.length, p);
  return interpolate(sorted[lo]!, sorted[hi]!, fraction);
}

/**
 * `quantile` of the values as if sorted, without sorting them: the two order statistics it reads
 * are selected (Hoare's quickselect, O(n) on average), so a bootstrap reads two quantiles of each
 * measure's resamples for a few microseconds rather than a sort's ~90. Reorders `values`, which
 * must hold no NaN. The same value as `quantile` of the sorted values, to the bit: the order
 * statistics are the same numbers, and where one is a zero whose sign a sort would have decided
 * (−0 sorts before +0), the interpolation gives the same result with either sign.
 */
export function selectedQuantile(values: Float64Array, p: number): number {
  const { lo, hi, fraction } = quantileRanks(values.length, p);
  const low = select(values, lo);
  // After selecting rank lo, every value right of it is at least as large: rank lo + 1 is their least.
  let high = low;
  if (hi > lo) {
    high = values[lo + 1]!;
    for (let i = lo + 2; i < values.length; i++) if (values[i]! < high) high = values[i]!;
  }
  return interpolate(low, high, fraction);
}

/** The ranks (0-based) a type-7 quantile at p of n values interpolates between, and how far. */
function quantileRanks(n: number, p: number): { lo: number; hi: number; fraction: number } {
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  return { lo, hi: Math.min(lo + 1, n - 1), fraction: h - lo };
}

function interpolate(low: number, high: number, fraction: number): number {
  return low + fraction * (high - low);
}

/**
 * The value of rank k (0-based) of `values`, moved to index k with every value left of it no
 * larger and every value right of it no smaller (quickselect with a median-of-three pivot).
 */
function select(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < values[lo]!) swap(values, lo, mid);
    if (values[hi]! < values[lo]!) swap(values, lo, hi);
    if (values[hi]! < values[mid]!) swap(values, mid, hi);
    const pivot = values[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) swap(values, i++, j--);
    }
    // Now lo … j ≤ pivot ≤ i … hi, and the values between j and i equal the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

function swap(values: Float64Array, a: number, b: number): void {
  const t = values[a]!;
  values[a] = values[b]!;
  values[b] = t;
}
