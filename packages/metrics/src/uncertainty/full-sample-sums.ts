/** A registered buffer of resampled sums: the full sample's vector its views are read against. */
interface Registration {
  /** Index of the first vector's first entry in its buffer. */
  readonly first: number;
  /** The full sample's summed statistics, one vector wide; the buffer holds such vectors end to end. */
  readonly full: Float64Array;
  /** Values derived from `full` (`fullSampleMemo`), by key and place; dropped with the registration. */
  readonly memos: Map<string, Map<number, unknown>>;
  /** Whether each vector is the full sample less one document's statistics (a jackknife's). */
  readonly oneLeftOut: boolean;
}

const registered = new WeakMap<ArrayBufferLike, Registration>();

/**
 * Runs `run` with `sums` (one or more vectors of `full.length` entries laid end to end, each the
 * statistics of a resample of the documents) known to resample the sample whose statistics are
 * `full`, so that a reducer handed a view of `sums` can read the full sample's statistics at the
 * same place (`fullSampleOf`). A macro average then keeps the label set of its estimate in every
 * resample: a label the estimate averages over but a resample does not observe (its rate is 0/0
 * there) keeps its full-sample rate, instead of leaving the average or counting as 0. Without it,
 * rare labels, which are mostly the badly classified ones, drop out of a third of the resamples,
 * and the resamples of a macro average lie systematically on one side of its estimate.
 *
 * With `oneLeftOut`, each vector is the full sample less one document's statistics (a jackknife's
 * leave-one-out sum): a reducer may then take a part the document does not touch from the full
 * sample without comparing it (`fullSampleMemo`'s `make` is told).
 *
 * @example
 * withFullSample(sums, recorded.total(), () => recorded.accumulator.compute(sums));
 */
export function withFullSample<T>(sums: Float64Array, full: Float64Array, run: () => T, oneLeftOut = false): T {
  registered.set(sums.buffer, { first: sums.byteOffset / Float64Array.BYTES_PER_ELEMENT, full, memos: new Map(), oneLeftOut });
  try {
    return run();
  } finally {
    registered.delete(sums.buffer);
  }
}

/**
 * The full sample's statistics at the place of `view` (same length), when `view` lies in sums
 * registered by `withFullSample`; undefined otherwise (`view` is then the full sample itself, or
 * any vector with no sample behind it).
 */
export function fullSampleOf(view: Float64Array): Float64Array | undefined {
  const place = placeOf(view);
  return place?.registration.full.subarray(place.at, place.at + view.length);
}

/**
 * A value derived from the full sample's statistics at the place of `view` (see `fullSampleOf`),
 * made by `make` the first time it is asked for under `key` and kept while the registration lasts:
 * every resample (and every vector of a batch) of the same full sample shares it. Undefined when
 * `view` is not registered.
 */
export function fullSampleMemo<T>(view: Float64Array, key: string, make: (full: Float64Array, oneLeftOut: boolean) => T): T | undefined {
  const place = placeOf(view);
  if (!place) return undefined;
  const { registration, at } = place;
  // By key, then by place: a reducer asks every resample, so no key string is built per call.
  let byPlace = registration.memos.get(key);
  if (!byPlace) registration.memos.set(key, (byPlace = new Map()));
  if (!byPlace.has(at)) byPlace.set(at, make(registration.full.subarray(at, at + view.length), registration.oneLeftOut));
  return byPlace.get(at) as T;
}

function placeOf(view: Float64Array): { registration: Registration; at: number } | undefined {
  const registration = registered.get(view.buffer);
  if (!registration) return undefined;
  const { first, full } = registration;
  const shift = view.byteOffset / Float64Array.BYTES_PER_ELEMENT - first;
  if (shift < 0) return undefined;
  const at = shift % full.length;
  if (at + view.length > full.length) return undefined;
  return { registration, at };
}
