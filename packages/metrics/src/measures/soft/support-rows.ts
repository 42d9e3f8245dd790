import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { NO_RING, ringRow, type RingRow } from "./ring-row.ts";

/**
 * A sparse support's belief-matrix entries by row, and by ring within a row: the runs
 * ("segments") that `ancestorConfusion` sums, one per (gold label i, ring a) with an entry.
 */
export interface SupportRows {
  readonly labels: number;
  /** The entries in a ring (offsets `(i−1)·L + j−1` into the matrix), row by row and ring by ring, ascending within a ring. */
  readonly ringEntries: Int32Array;
  /** Row i's segments are `rowSegments[i−1] … rowSegments[i]−1`, ring order ascending. */
  readonly rowSegments: Int32Array;
  /** Segment s holds `ringEntries[segmentStart[s] … segmentStart[s+1]−1]`. */
  readonly segmentStart: Int32Array;
  /** Segment s's ring order a. */
  readonly segmentOrder: Int32Array;
  /** Segment s's ring size P_a(i) = |R_a(i)|. */
  readonly segmentSize: Int32Array;
  /** By label: 1 when one of its rings a ≥ 1 is empty (P_a(i) = 0, so no δ_a(i)), else 0. */
  readonly hollow: Uint8Array;
}

const supportCache = new WeakMap<ArrayLike<number>, SupportRows>();
/** By taxonomy, the last support made: a later registration of the same entries (a jackknife after a bootstrap) reuses it. */
const lastMade = new WeakMap<Taxonomy, { positions: ArrayLike<number>; rows: SupportRows }>();

/**
 * The segments of `positions` (the matrix entries that may be non-zero, ascending), made once per
 * support (the bootstrap asks every resample): a resample then sums each ring's entries in one
 * run, with no ring to look up and no entry outside the rings to skip.
 */
export function supportRows(taxonomy: Taxonomy, positions: ArrayLike<number>, ringCacheRows: (RingRow | undefined)[]): SupportRows {
  let found = supportCache.get(positions);
  if (found) return found;
  const last = lastMade.get(taxonomy);
  found = last && sameEntries(last.positions, positions) ? last.rows : makeSupportRows(taxonomy, positions, ringCacheRows);
  supportCache.set(positions, found);
  lastMade.set(taxonomy, { positions, rows: found });
  return found;
}

function sameEntries(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function makeSupportRows(taxonomy: Taxonomy, positions: ArrayLike<number>, ringCacheRows: (RingRow | undefined)[]): SupportRows {
  const L = taxonomy.size;
  const orders = taxonomy.maxDepth + 1;
  const ringEntries = new Int32Array(positions.length);
  const rowSegments = new Int32Array(L + 1);
  const segmentStart: number[] = [0];
  const segmentOrder: number[] = [];
  const segmentSize: number[] = [];
  // per ring of the current row: its count, then where it begins; and where its next entry goes
  const ringAt = new Int32Array(orders + 1);
  const next = new Int32Array(orders);
  const hollow = new Uint8Array(L + 1);
  let to = 0;
  let grouped = 0;
  for (let i = 1; i <= L; i++) {
    const from = to;
    while (to < positions.length && positions[to]! < i * L) to += 1;
    const { order, size } = ringRow(taxonomy, i, ringCacheRows);
    for (let a = 1; a < size.length; a++) if (size[a] === 0) hollow[i] = 1;
    if (to > from) {
      grouped = groupByRing(order, positions, from, to, (i - 1) * L, ringEntries, ringAt, next, grouped);
      for (let a = 0; a < size.length; a++) {
        if (ringAt[a + 1] === ringAt[a]) continue;
        segmentOrder.push(a);
        segmentSize.push(size[a]!);
        segmentStart.push(ringAt[a + 1]!);
      }
    }
    rowSegments[i] = segmentOrder.length;
  }
  return {
    labels: L,
    ringEntries: ringEntries.subarray(0, grouped),
    rowSegments,
    segmentStart: Int32Array.from(segmentStart),
    segmentOrder: Int32Array.from(segmentOrder),
    segmentSize: Int32Array.from(segmentSize),
    hollow,
  };
}

/**
 * One row's entries `positions[from … to−1]` that lie in a ring, written to `ringEntries` from
 * `first` on ring by ring (a counting sort: ascending within each ring), with where ring a begins
 * in `ringAt[a]` and where it ends in `ringAt[a + 1]` (`next`: scratch); returns the row's end.
 */
function groupByRing(
  order: Int16Array,
  positions: ArrayLike<number>,
  from: number,
  to: number,
  rowStart: number,
  ringEntries: Int32Array,
  ringAt: Int32Array,
  next: Int32Array,
  first: number,
): number {
  // ring a's count at a + 1, then the running sum: where each ring begins
  ringAt.fill(0);
  for (let p = from; p < to; p++) {
    const a = order[positions[p]! - rowStart + 1]!;
    if (a !== NO_RING) ringAt[a + 1]! += 1;
  }
  ringAt[0] = first;
  for (let a = 1; a < ringAt.length; a++) ringAt[a]! += ringAt[a - 1]!;
  next.set(ringAt.subarray(0, next.length));
  for (let p = from; p < to; p++) {
    const a = order[positions[p]! - rowStart + 1]!;
    if (a !== NO_RING) ringEntries[next[a]!++] = positions[p]!;
  }
  return ringAt[ringAt.length - 1]!;
}
