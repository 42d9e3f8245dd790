/** The most terms an item may have in `FullSampleTerms`. */
const MAX_TERMS = 5;

/**
 * The per-item terms of sums over items (the labels of a macro average, say) in the full sample,
 * kept for a jackknife's leave-one-out sums, which differ from the full sample only at the few
 * items one document touches. Every other item has its full-sample terms, read here instead of
 * computed again; and the sums up to the first item the document touches are the full sample's
 * running sums. The sums go on term by term in item order from there, so they are the same to the
 * bit as a reduce that computes every term.
 *
 * Each item has `k` ≤ MAX_TERMS terms, each added to its own sum; a NaN term is one left out of its
 * sum (a rate undefined under zeroDivision "nan"), and so is every term of an item not in `items`.
 * Each sum also counts the terms it adds. A term left out is kept as +0, which leaves a sum as it
 * is (a sum starts at +0 and never becomes −0), so the sums add every item's terms side by side.
 *
 * @example
 * const terms = new FullSampleTerms(labels, 2, (label, out) => { out[0] = precisionOf(label); out[1] = recallOf(label); });
 * const sums = new Float64Array(2), counts = new Float64Array(2);
 * // the labels the left-out document touches (by position), with their terms from the leave-one-out statistics
 * terms.sumWith(Int32Array.of(terms.positionOf(label)), 1, Float64Array.of(p, r), sums, counts);
 */
export class FullSampleTerms {
  /** Terms per item. */
  readonly k: number;
  /** The items that have terms, ascending. */
  readonly items: Int32Array;
  /** Item → its position in `items`, or −1. */
  readonly #position: Int32Array;
  /** Entries an item in `#terms`: 3 for up to three terms (fewer to load), else MAX_TERMS. */
  readonly #stride: number;
  /** Term j of the item at position p at p · stride + j; +0 where left out. */
  readonly #terms: Float64Array;
  /** 1 where `#terms` holds a term that is not left out. */
  readonly #kept: Uint8Array;
  /** The running sums: entry p · stride + j sums term j of the items before position p, in order. */
  readonly #prefix: Float64Array;
  /** Per term, how many items do not leave it out. */
  readonly #counts: Float64Array;

  constructor(items: ArrayLike<number>, k: number, termsOf: (item: number, out: Float64Array, position: number) => void) {
    if (k > MAX_TERMS) throw new Error(`FullSampleTerms: at most ${MAX_TERMS} terms an item, got ${k}`);
    this.k = k;
    this.items = Int32Array.from(items);
    const m = this.items.length;
    this.#position = new Int32Array(m > 0 ? this.items[m - 1]! + 1 : 0).fill(-1);
    const stride = k <= 3 ? 3 : MAX_TERMS;
    this.#stride = stride;
    this.#terms = new Float64Array(m * stride);
    this.#kept = new Uint8Array(m * stride);
    this.#prefix = new Float64Array((m + 1) * stride);
    this.#counts = new Float64Array(k);
    const out = new Float64Array(k);
    for (let p = 0; p < m; p++) {
      this.#position[this.items[p]!] = p;
      out.fill(NaN);
      termsOf(this.items[p]!, out, p);
      for (let j = 0; j < stride; j++) {
        const q = p * stride + j;
        const term = j < k ? out[j]! : NaN;
        if (!Number.isNaN(term)) {
          this.#terms[q] = term;
          this.#kept[q] = 1;
          this.#counts[j]! += 1;
        }
        this.#prefix[q + stride] = this.#prefix[q]! + this.#terms[q]!;
      }
    }
  }

  /** The position of `item` in `items`, or −1 when it has no terms. */
  positionOf(item: number): number {
    return item < this.#position.length ? this.#position[item]! : -1;
  }

  /**
   * Sets `sums` and `counts` (k entries each) to the sums over every item, in item order: the
   * `count` items at `positions` (ascending, each once) with the terms of `changedTerms` (item c's
   * term j at c · k + j, NaN where left out), the others with their full-sample terms.
   */
  sumWith(positions: Int32Array, count: number, changedTerms: Float64Array, sums: Float64Array, counts: Float64Array): void {
    const k = this.k;
    const stride = this.#stride;
    const terms = this.#terms;
    const kept = this.#kept;
    for (let j = 0; j < k; j++) counts[j] = this.#counts[j]!;
    let next = count > 0 ? positions[0]! : this.items.length;
    const at = next * stride;
    // Up to five running sums side by side (a missing term is +0): each adds its terms in item order.
    let s0 = this.#prefix[at]!;
    let s1 = this.#prefix[at + 1]!;
    let s2 = this.#prefix[at + 2]!;
    let s3 = stride > 3 ? this.#prefix[at + 3]! : 0;
    let s4 = stride > 4 ? this.#prefix[at + 4]! : 0;
    for (let c = 0; c <= count; c++) {
      const to = c < count ? positions[c]! : this.items.length;
      const end = to * stride;
      if (stride === 3)
        for (let q = next * 3; q < end; q += 3) {
          s0 += terms[q]!;
          s1 += terms[q + 1]!;
          s2 += terms[q + 2]!;
        }
      else
        for (let q = next * stride; q < end; q += stride) {
          s0 += terms[q]!;
          s1 += terms[q + 1]!;
          s2 += terms[q + 2]!;
          s3 += terms[q + 3]!;
          s4 += terms[q + 4]!;
        }
      if (c === count) break;
      for (let j = 0; j < k; j++) counts[j]! -= kept[end + j]!;
      const t = c * k;
      for (let j = 0; j < k; j++) if (!Number.isNaN(changedTerms[t + j]!)) counts[j]! += 1;
      s0 += changedTerms[t]! || 0;
      if (k > 1) s1 += changedTerms[t + 1]! || 0;
      if (k > 2) s2 += changedTerms[t + 2]! || 0;
      if (k > 3) s3 += changedTerms[t + 3]! || 0;
      if (k > 4) s4 += changedTerms[t + 4]! || 0;
      next = to + 1;
    }
    sums[0] = s0;
    if (k > 1) sums[1] = s1;
    if (k > 2) sums[2] = s2;
    if (k > 3) sums[3] = s3;
    if (k > 4) sums[4] = s4;
  }
}

/** Where the sums registered by `withLeftOutEntries` may differ from the full sample. */
interface LeftOut {
  /** Index of the sums' first entry in their buffer. */
  readonly first: number;
  /** Indices into the sums, in any order; set by the caller before each reduce. */
  readonly entries: number[];
  /** Values a reducer keeps while the registration lasts (`leftOutSlot`), by key. */
  readonly slots: Map<object, LeftOutSlot>;
}

/** A value a reducer keeps for the views at one place in registered sums (see `leftOutSlot`). */
export interface LeftOutSlot {
  /** The view's offset in the sums. */
  readonly shift: number;
  value: unknown;
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
  const registration: LeftOut = { first: sums.byteOffset / Float64Array.BYTES_PER_ELEMENT, entries: [], slots: new Map() };
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
 * A place to keep a value derived once for every reduce of `view` while the sums it lies in are
 * registered by `withLeftOutEntries` (its `value` undefined until set), by `key` (any object,
 * made once); undefined when they are not. A jackknife reduces its leave-one-out sums thousands
 * of times: the slot spares each reduce a costlier look-up, such as `fullSampleMemo`'s (the
 * registered sums resample one full sample throughout).
 *
 * @example
 * const slot = leftOutSlot(view, LABELS_KEY);
 * const labels = (slot?.value as Labels | undefined) ?? fullSampleMemo(view, "labels", makeLabels);
 * if (slot) slot.value = labels;
 */
export function leftOutSlot(view: Float64Array, key: object): LeftOutSlot | undefined {
  const registration = leftOut.get(view.buffer);
  if (!registration) return undefined;
  const shift = view.byteOffset / Float64Array.BYTES_PER_ELEMENT - registration.first;
  let slot = registration.slots.get(key);
  if (slot?.shift !== shift) registration.slots.set(key, (slot = { shift, value: undefined }));
  return slot;
}

/**
 * Inserts `value` into the ascending list `list[0 … length−1]` unless it is there already, and
 * returns the new length (`list` must have room). For the few items a left-out document touches.
 */
export function insertAscending(list: Int32Array, length: number, value: number): number {
  let at = length;
  while (at > 0 && list[at - 1]! > value) at--;
  if (at > 0 && list[at - 1] === value) return length;
  for (let i = length; i > at; i--) list[i] = list[i - 1]!;
  list[at] = value;
  return length + 1;
}
