import type { RecordedStatistics } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { withFullSample } from "./full-sample-sums.ts";

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
  const n = recorded.documents;
  const out = keyParts.map(() => new Float64Array(n));
  const { accumulator, starts, indices } = recorded;
  const total = recorded.total();
  const loo = total.slice();
  // A leave-one-out sum is 0 wherever the total is: reducers visit only the statistics some document touches.
  // A leave-one-out macro average keeps the full sample's labels, as a resample's does (`withFullSample`).
  withSparseSums(loo, recorded.touched(), () =>
    withFullSample(
      loo,
      total,
      () => {
        accumulator.families.forEach((family, f) => {
          const keys = keyParts.flatMap((parts, k) => (parts[0] === family.id ? [k] : []));
          if (keys.length === 0) return;
          const inFamily = keys.map((k) => keyParts[k]!.slice(1));
          const pattern = recorded.familyPatterns(f);
          const valuesOfPattern: (Float64Array | undefined)[] = [];
          for (let d = 0; d < n; d++) {
            let values = valuesOfPattern[pattern[d]!];
            if (!values) {
              recorded.addDocument(d, loo, -1);
              const result = accumulator.reduceFamily(f, loo);
              values = Float64Array.from(inFamily, (parts) => measureValue(result, parts));
              valuesOfPattern[pattern[d]!] = values;
              // Back to the total on the row's entries only (a family can be 138k statistics wide).
              for (let e = starts[d]!; e < starts[d + 1]!; e++) loo[indices[e]!] = total[indices[e]!]!;
            }
            for (let i = 0; i < keys.length; i++) out[keys[i]!]![d] = values[i]!;
          }
        });
      },
      true,
    ),
  );
  return out;
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
