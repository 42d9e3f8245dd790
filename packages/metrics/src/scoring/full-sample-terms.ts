/**
 * The per-item terms of a sum over items (the labels of a macro average, say) in the full sample,
 * kept for a jackknife's leave-one-out sums, which differ from the full sample only at the few
 * items one document touches. Every other item has its full-sample terms, read here instead of
 * computed again; and the sums up to the first item the document touches are the full sample's
 * running sums. The sums go on term by term in item order from there, so they are the same to the
 * bit as a reduce that computes every term.
 *
 * Each item has `k` terms, each added to its own sum; a NaN term is one left out of its sum (a
 * rate undefined under zeroDivision "nan"). Each sum also counts the terms it adds.
 *
 * @example
 * const terms = new FullSampleTerms(labels, 2, (label, out) => { out[0] = precisionOf(label); out[1] = recallOf(label); });
 * const sums = new Float64Array(2), counts = new Float64Array(2);
 * // the labels the left-out document touches computed from the leave-one-out statistics, the others read
 * terms.sumWith(touchedLabels, sums, counts, (label) => addTermsOf(label, sums, counts));
 */
export class FullSampleTerms {
  /** Terms per item. */
  readonly k: number;
  /** Per term, the items' terms that are not left out, in item order. */
  readonly #kept: Float64Array[];
  /** Per term, where item i's term is (or would be) in `#kept`, for i = 0 … items (items + 1 entries). */
  readonly #at: Int32Array[];
  /** Per term, the running sums of `#kept`: entry e sums its first e terms, in order. */
  readonly #sums: Float64Array[];

  constructor(items: number, k: number, termsOf: (item: number, out: Float64Array) => void) {
    this.k = k;
    const terms = new Float64Array(items * k);
    for (let i = 0; i < items; i++) termsOf(i, terms.subarray(i * k, (i + 1) * k));
    this.#kept = [];
    this.#at = [];
    this.#sums = [];
    for (let j = 0; j < k; j++) {
      const at = new Int32Array(items + 1);
      const kept: number[] = [];
      for (let i = 0; i < items; i++) {
        at[i] = kept.length;
        if (!Number.isNaN(terms[i * k + j]!)) kept.push(terms[i * k + j]!);
      }
      at[items] = kept.length;
      const sums = new Float64Array(kept.length + 1);
      for (let e = 0; e < kept.length; e++) sums[e + 1] = sums[e]! + kept[e]!;
      this.#kept.push(Float64Array.from(kept));
      this.#at.push(at);
      this.#sums.push(sums);
    }
  }

  /**
   * Sets `sums` and `counts` to the sums over every item, in item order: the `changed` items'
   * terms (ascending, each once) added by `addChanged`, the others' read.
   */
  sumWith(changed: ArrayLike<number>, sums: Float64Array, counts: Float64Array, addChanged: (item: number) => void): void {
    const items = this.#at[0]!.length - 1;
    let next = changed.length > 0 ? changed[0]! : items;
    this.#sumsBefore(next, sums, counts);
    for (let c = 0; c < changed.length; c++) {
      const item = changed[c]!;
      this.#addRange(next, item, sums, counts);
      addChanged(item);
      next = item + 1;
    }
    this.#addRange(next, items, sums, counts);
  }

  /** Sets `sums` and `counts` to those of the items before `item`, added in item order from 0. */
  #sumsBefore(item: number, sums: Float64Array, counts: Float64Array): void {
    for (let j = 0; j < this.k; j++) {
      const at = this.#at[j]![item]!;
      sums[j] = this.#sums[j]![at]!;
      counts[j] = at;
    }
  }

  /** Adds the terms of items `from … to−1` to `sums`, in item order, counting them in `counts`. */
  #addRange(from: number, to: number, sums: Float64Array, counts: Float64Array): void {
    for (let j = 0; j < this.k; j++) {
      const kept = this.#kept[j]!;
      const start = this.#at[j]![from]!;
      const end = this.#at[j]![to]!;
      let sum = sums[j]!;
      for (let e = start; e < end; e++) sum += kept[e]!;
      sums[j] = sum;
      counts[j]! += end - start;
    }
  }
}

/** Where the sums registered by `withLeftOutEntries` may differ from the full sample. */
interface LeftOut {
  /** Index of the sums' first entry in their buffer. */
  readonly first: number;
  /** Indices into the sums, in any order; set by the caller before each reduce. */
  readonly entries: number[];
}

const leftOut = new WeakMap<ArrayBufferLike, LeftOut>();

/**
 * Runs `run` with `sums` known to differ from the full sample (see `withFullSample`) only at the
 * `entries` that `run` fills before each reduce (indices into `sums`, in any order): a jackknife's
 * leave-one-out sums, where they are the indices of the left-out document's row. A reducer handed
 * a view of `sums` can then recompute only the items those entries belong to (`leftOutEntries`).
 *
 * @example
 * withLeftOutEntries(loo, (leftOut) => {
 *   leftOut.entries.length = 0;
 *   leftOut.entries.push(...rowIndices); // loo = total − that row
 *   return accumulator.compute(loo);
 * });
 */
export function withLeftOutEntries<T>(sums: Float64Array, run: (leftOut: { readonly entries: number[] }) => T): T {
  const registration: LeftOut = { first: sums.byteOffset / Float64Array.BYTES_PER_ELEMENT, entries: [] };
  leftOut.set(sums.buffer, registration);
  try {
    return run(registration);
  } finally {
    leftOut.delete(sums.buffer);
  }
}

/**
 * The entries of `view` that may differ from the full sample, as offsets into `view` (in any
 * order), when `view` lies in sums registered by `withLeftOutEntries`; undefined otherwise.
 */
export function leftOutEntries(view: Float64Array): number[] | undefined {
  const registration = leftOut.get(view.buffer);
  if (!registration) return undefined;
  const shift = view.byteOffset / Float64Array.BYTES_PER_ELEMENT - registration.first;
  const offsets: number[] = [];
  for (const entry of registration.entries) if (entry >= shift && entry < shift + view.length) offsets.push(entry - shift);
  return offsets;
}

/**
 * The items (ascending, each once) that `entries` of a view (offsets, see `leftOutEntries`) belong
 * to, `itemOf(entry)` being an entry's item or −1 for an entry of none. A document touches few.
 */
export function itemsOf(entries: readonly number[], itemOf: (entry: number) => number): number[] {
  const items: number[] = [];
  for (const entry of entries) {
    const item = itemOf(entry);
    if (item < 0) continue;
    // Insertion into the ascending list, once.
    let at = items.length;
    while (at > 0 && items[at - 1]! > item) at--;
    if (items[at - 1] !== item) items.splice(at, 0, item);
  }
  return items;
}
