import type { RecordedStatistics } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { withFullSample } from "./full-sample-sums.ts";
import { withLeftOutEntries } from "../scoring/full-sample-terms.ts";

/**
 * The jackknife over documents: for each measure (`keyParts`, split keys) and document d, the
 * measure with d left out, reduce(total − s_d). Exact, and cheap because statistics add up: a
 * leave-one-out sum is the total minus one document's sparse row. Each family is reduced on its
 * own, once per pattern of its statistics (`familyPatterns`: documents with the same statistics,
 * such as the same gold and predicted labels, have the same leave-one-out value).
 *
 * @returns per measure, its n leave-one-out values in document order.
 */
export function jackknifeValues(recorded: RecordedStatistics, keyParts: readonly (readonly string[])[]): Float64Array[] {
  const out = keyParts.map(() => new Float64Array(recorded.documents));
  const total = recorded.sharedTotal();
  const loo = total.slice();
  // A leave-one-out sum is 0 wherever the total is: reducers visit only the statistics some document touches.
  // A leave-one-out macro average keeps the full sample's labels, as a resample's does (`withFullSample`).
  withSparseSums(loo, recorded.touched(), () =>
    withFullSample(
      loo,
      total,
      () => {
        recorded.accumulator.families.forEach((family, f) => {
          const keys = keyParts.flatMap((parts, k) => (parts[0] === family.id ? [k] : []));
          if (keys.length === 0) return;
          const values = patternValues(
            recorded,
            f,
            total,
            loo,
            keys.map((k) => keyParts[k]!.slice(1)),
          );
          const pattern = recorded.familyPatterns(f);
          keys.forEach((k, i) => {
            const column = out[k]!;
            for (let d = 0; d < column.length; d++) column[d] = values[pattern[d]! * keys.length + i]!;
          });
        });
      },
      true,
    ),
  );
  return out;
}

/**
 * Family `f`'s measures (`inFamily`, keys within the family) with one document of each of its
 * patterns left out, pattern by pattern: entry p · measures + i is measure i without a document
 * of pattern p. `loo` holds `total` and is handed back so; only the family's statistics and the
 * document count change in between, the row's other entries being no concern of its reduce.
 */
function patternValues(
  recorded: RecordedStatistics,
  f: number,
  total: Float64Array,
  loo: Float64Array,
  inFamily: readonly (readonly string[])[],
): Float64Array {
  const { accumulator, indices, values } = recorded;
  const representatives = firstOfEachPattern(recorded.familyPatterns(f));
  const { starts, entries: rowEntries } = familyEntries(recorded, f, representatives);
  const out = new Float64Array(representatives.length * inFamily.length);
  const reduce = accumulator.familyReducer(f, loo);
  // A reducer may recompute only what the row touches (`leftOutEntries`): the row's entries it reads.
  withLeftOutEntries(loo, (leftOut) => {
    const { entries } = leftOut;
    for (let p = 0; p < representatives.length; p++) {
      entries.length = 0;
      for (let k = starts[p]!; k < starts[p + 1]!; k++) {
        const e = rowEntries[k]!;
        loo[indices[e]!]! -= values[e]!;
        entries.push(indices[e]!);
      }
      const result = reduce();
      for (let i = 0; i < inFamily.length; i++) out[p * inFamily.length + i] = measureValue(result, inFamily[i]!);
      for (let k = 0; k < entries.length; k++) loo[entries[k]!] = total[entries[k]!]!;
    }
  });
  return out;
}

/**
 * The entries (places in the recording, in row order) of each listed document that family `f`'s
 * reduce reads: its own statistics and the document count. Representative p's are
 * `entries[starts[p] … starts[p+1]−1]`.
 */
function familyEntries(recorded: RecordedStatistics, f: number, documents: Int32Array): { starts: Int32Array; entries: Int32Array } {
  const { accumulator, starts: rowStarts, indices } = recorded;
  const from = accumulator.offsets[f]!;
  const to = from + accumulator.families[f]!.width(accumulator.ctx);
  const inFamily = (index: number) => index === 0 || (index >= from && index < to);
  // Counted first, so that the list is allocated at its size: the family's entries are a few of the row's.
  const starts = new Int32Array(documents.length + 1);
  for (let p = 0; p < documents.length; p++) {
    let count = 0;
    for (let e = rowStarts[documents[p]!]!; e < rowStarts[documents[p]! + 1]!; e++) if (inFamily(indices[e]!)) count += 1;
    starts[p + 1] = starts[p]! + count;
  }
  const entries = new Int32Array(starts[documents.length]!);
  for (let p = 0, next = 0; p < documents.length; p++)
    for (let e = rowStarts[documents[p]!]!; e < rowStarts[documents[p]! + 1]!; e++) if (inFamily(indices[e]!)) entries[next++] = e;
  return { starts, entries };
}

/** The first document of each pattern, by pattern. */
function firstOfEachPattern(pattern: Int32Array): Int32Array {
  let patterns = 0;
  for (const p of pattern) if (p >= patterns) patterns = p + 1;
  const first = new Int32Array(patterns).fill(-1);
  for (let d = 0; d < pattern.length; d++) if (first[pattern[d]!] === -1) first[pattern[d]!] = d;
  return first;
}

/**
 * The BCa acceleration from jackknife values (Efron & Tibshirani 1993, eq. 14.15):
 * â = Σ (θ̄ − θ₍ᵢ₎)³ / (6 · (Σ (θ̄ − θ₍ᵢ₎)²)^{3/2}); 0 when the values are all equal or one is NaN.
 */
export function acceleration(jackknife: Float64Array): number {
  let mean = 0;
  for (const v of jackknife) mean += v;
  mean /= jackknife.length;
  let squares = 0;
  let cubes = 0;
  for (const v of jackknife) {
    const u = mean - v;
    squares += u * u;
    cubes += u * u * u;
  }
  const a = cubes / (6 * squares ** 1.5);
  return Number.isFinite(a) ? a : 0;
}
