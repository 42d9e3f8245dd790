import type { RecordedStatistics } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { withFullSample } from "./full-sample-sums.ts";

/**
 * The jackknife over documents: for each measure (`keyParts`, split keys) and document d, the
 * measure with d left out, reduce(total − s_d). Exact, and cheap because statistics add up: a
 * leave-one-out sum is the total minus one document's sparse row. Each family is reduced on its
 * own statistics, once per distinct row of its documents (documents with the same statistics,
 * such as the same gold and predicted labels, have the same leave-one-out value).
 *
 * @returns per measure, its n leave-one-out values in document order.
 */
export function jackknifeValues(recorded: RecordedStatistics, keyParts: readonly (readonly string[])[]): Float64Array[] {
  const n = recorded.documents;
  const out = keyParts.map(() => new Float64Array(n));
  const byFamily = new Map<string, number[]>();
  keyParts.forEach((parts, k) => byFamily.set(parts[0]!, [...(byFamily.get(parts[0]!) ?? []), k]));
  for (const [family, keys] of byFamily) {
    const own = recorded.accumulator.families.length === 1 ? recorded : recorded.restrict(family);
    const total = own.total();
    const loo = total.slice();
    const valuesOfRow = new Map<string, Float64Array>();
    // A leave-one-out sum is 0 wherever the total is: reducers visit only the statistics some document touches.
    // A leave-one-out macro average keeps the full sample's labels, as a resample's does (`withFullSample`).
    withSparseSums(loo, own.touched(), () =>
      withFullSample(loo, total, () => {
        for (let d = 0; d < n; d++) {
          const row = rowKey(own, d);
          let values = valuesOfRow.get(row);
          if (!values) {
            own.addDocument(d, loo, -1);
            const result = own.accumulator.compute(loo);
            values = Float64Array.from(keys, (k) => measureValue(result, keyParts[k]!));
            valuesOfRow.set(row, values);
            // Back to the total on the row's entries only (a family can be 138k statistics wide).
            for (let e = own.starts[d]!; e < own.starts[d + 1]!; e++) loo[own.indices[e]!] = total[own.indices[e]!]!;
          }
          keys.forEach((k, i) => (out[k]![d] = values[i]!));
        }
      }),
    );
  }
  return out;
}

function rowKey(recorded: RecordedStatistics, d: number): string {
  const from = recorded.starts[d]!;
  const to = recorded.starts[d + 1]!;
  return `${recorded.indices.subarray(from, to).join(",")}|${recorded.values.subarray(from, to).join(",")}`;
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
