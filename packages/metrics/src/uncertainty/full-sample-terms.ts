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
 * terms.sumsBefore(changed, sums, counts); // the sums of the labels before the first changed one
 * addTermsOf(changed, sums, counts); // computed from the leave-one-out statistics
 * terms.addRange(changed + 1, labels, sums, counts); // the full sample's terms of the rest, in order
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

  /** Sets `sums` and `counts` to those of the items before `item`, added in item order from 0. */
  sumsBefore(item: number, sums: Float64Array, counts: Float64Array): void {
    for (let j = 0; j < this.k; j++) {
      const at = this.#at[j]![item]!;
      sums[j] = this.#sums[j]![at]!;
      counts[j] = at;
    }
  }

  /** Adds the terms of items `from … to−1` to `sums`, in item order, counting them in `counts`. */
  addRange(from: number, to: number, sums: Float64Array, counts: Float64Array): void {
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

/** The first index in `from … to−1` where `a` and `b` differ; `to` when they agree there. */
export function firstDifference(a: Float64Array, b: Float64Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (a[i] !== b[i]) return i;
  return to;
}
