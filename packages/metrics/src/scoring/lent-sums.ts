/** Entries of the largest vector kept for the next evaluation (2 MB): a larger one is allocated each time. */
const LARGEST_KEPT = 2 ** 18;

let spare: Float64Array | undefined;

/**
 * Runs `score` with a zeroed sums vector of `width` entries, and keeps the vector for the next
 * call of the same width once `score` has returned. A wide vector (the soft family's belief matrix,
 * 138k entries on GermEval) is then zeroed in place, not allocated fresh each evaluation, whose
 * new pages fault in on first write and cost several times the zeroing. `score` must not let the
 * vector outlive it (`evaluate` returns plain results only).
 *
 * @example
 * const result = withLentSums(accumulatorWidth(ctx, families), (sums) =>
 *   new ScoreAccumulator(ctx, families, sums).update(docs).compute());
 */
export function withLentSums<T>(width: number, score: (sums: Float64Array) => T): T {
  let sums = spare;
  spare = undefined;
  if (sums?.length === width) sums.fill(0);
  else sums = new Float64Array(width);
  const result = score(sums);
  if (width <= LARGEST_KEPT) spare = sums;
  return result;
}
