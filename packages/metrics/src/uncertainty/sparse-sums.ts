/** A registered vector: which of its entries may be non-zero, by index into the vector. */
interface Registration {
  /** Ascending indices; every other entry is 0. */
  readonly support: Int32Array;
  /** Index of the vector's first entry in its buffer. */
  readonly first: number;
  readonly length: number;
  /** `sparseSupport` answers by where the range starts and ends: a reducer asks the same every resample. */
  readonly answers: Map<number, Map<number, Int32Array>>;
}

const registered = new WeakMap<ArrayBufferLike, Registration>();

/**
 * Runs `run` with `sums` known to be 0 outside `support` (ascending indices
 * into `sums`), so that a reducer handed a view of `sums` can visit only
 * the entries that may be non-zero (`sparseSupport`). For a caller that
 * owns `sums` and fills it by `RecordedStatistics.weightedSum`, whose
 * support is `RecordedStatistics.touched()`; the knowledge ends with `run`.
 *
 * @example
 * withSparseSums(sums, recorded.touched(), () => {
 *   recorded.weightedSum(weights, sums);
 *   return recorded.accumulator.compute(sums);
 * });
 */
export function withSparseSums<T>(sums: Float64Array, support: Int32Array, run: () => T): T {
  registered.set(sums.buffer, {
    support,
    first: sums.byteOffset / Float64Array.BYTES_PER_ELEMENT,
    length: sums.length,
    answers: new Map(),
  });
  try {
    return run();
  } finally {
    registered.delete(sums.buffer);
  }
}

/**
 * The entries of `view[from … to−1]` that may be non-zero, as ascending
 * offsets from `from`, when `view` lies in a vector registered by
 * `withSparseSums`; undefined otherwise (every entry may then be non-zero).
 */
export function sparseSupport(view: Float64Array, from: number, to: number): Int32Array | undefined {
  const registration = registered.get(view.buffer);
  if (!registration) return undefined;
  const shift = view.byteOffset / Float64Array.BYTES_PER_ELEMENT - registration.first;
  if (shift < 0 || shift + to > registration.length) return undefined;
  const { support, answers } = registration;
  // The answer depends on the range's place in the vector only: kept by start, then end (no key string per call).
  const start = shift + from;
  const end = shift + to;
  let byEnd = answers.get(start);
  if (!byEnd) answers.set(start, (byEnd = new Map()));
  const known = byEnd.get(end);
  if (known) return known;
  const lo = lowerBound(support, start);
  const hi = lowerBound(support, end);
  const out = new Int32Array(hi - lo);
  for (let k = lo; k < hi; k++) out[k - lo] = support[k]! - start;
  byEnd.set(end, out);
  return out;
}

function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
