import type { RecordedStatistics } from "./recorded-statistics.ts";

/**
 * The entries of a recorded document's row that one family's reduce reads: the document count
 * (statistic 0) and the family's own statistics, in row order. A recording writes the count first,
 * then each family's statistics in layout order, so in such a row they are two runs of entries,
 * found by binary search; any other row is filtered entry by entry. Where a row is in layout order
 * is read once for every document, one pass over the entries, instead of once per family.
 *
 * @example
 * const rows = new FamilyRows(recorded);
 * rows.select(f, d);
 * for (let e = rows.countFrom; e < rows.countTo; e++) …; // then rows.familyFrom … rows.familyTo − 1
 */
export class FamilyRows {
  readonly #recorded: RecordedStatistics;
  /** Per document, 1 when its row lists the count, then each family's statistics in layout order. */
  readonly #inLayoutOrder: Uint8Array;
  /** The selected row's count entries: `countFrom … countTo − 1`. */
  countFrom = 0;
  countTo = 0;
  /** The selected row's entries of the family: `familyFrom … familyTo − 1`. */
  familyFrom = 0;
  familyTo = 0;
  /** False when the selected row is not in layout order: its entries must then be filtered (`inFamily`). */
  ordered = true;

  constructor(recorded: RecordedStatistics) {
    this.#recorded = recorded;
    this.#inLayoutOrder = rowsInLayoutOrder(recorded);
  }

  /**
   * Selects document `d`'s entries of the statistics `from … to − 1` (a family's) and the count,
   * as the two runs `countFrom … countTo − 1` and `familyFrom … familyTo − 1`; or, when its row is
   * not in layout order (`ordered` false), the whole row in `countFrom … familyTo − 1`, to be
   * filtered.
   */
  select(d: number, from: number, to: number): void {
    const { starts, indices } = this.#recorded;
    const rowFrom = starts[d]!;
    const rowTo = starts[d + 1]!;
    this.ordered = this.#inLayoutOrder[d] === 1;
    if (!this.ordered) {
      this.countFrom = rowFrom;
      this.familyTo = rowTo;
      return;
    }
    this.countFrom = rowFrom;
    this.countTo = firstAtLeast(indices, rowFrom, rowTo, 1);
    this.familyFrom = firstAtLeast(indices, this.countTo, rowTo, from);
    this.familyTo = firstAtLeast(indices, this.familyFrom, rowTo, to);
  }
}

/**
 * The first entry e of `lo … hi − 1` with `indices[e] ≥ index` (`hi` when none): a binary search,
 * valid in a row in layout order, where the entries at or past a family's first statistic follow
 * all the others.
 */
function firstAtLeast(indices: Int32Array, lo: number, hi: number, index: number): number {
  while (lo < hi) {
    const middle = (lo + hi) >> 1;
    if (indices[middle]! < index) lo = middle + 1;
    else hi = middle;
  }
  return lo;
}

/**
 * Per document, 1 when its row's entries go by range of the layout (the count, then each
 * family's statistics in turn), however they are ordered within a family's range.
 */
function rowsInLayoutOrder(recorded: RecordedStatistics): Uint8Array {
  const { accumulator, starts, indices } = recorded;
  // The ranges' bounds: the count [0, 1), then each family's statistics, then the layout's end.
  const bounds = Int32Array.from([0, ...accumulator.offsets, accumulator.width]);
  const out = new Uint8Array(recorded.documents);
  for (let d = 0; d < recorded.documents; d++) {
    let range = 0;
    let ordered = 1;
    for (let e = starts[d]!; e < starts[d + 1]!; e++) {
      const index = indices[e]!;
      if (index < bounds[range]!) {
        ordered = 0;
        break;
      }
      while (index >= bounds[range + 1]!) range += 1;
    }
    out[d] = ordered;
  }
  return out;
}
