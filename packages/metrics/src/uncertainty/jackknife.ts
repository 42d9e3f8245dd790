import type { FamilyResult } from "../scoring/measure-family.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { measureValue } from "./resample-options.ts";
import { withSparseSums } from "./sparse-sums.ts";
import { withFullSample } from "./full-sample-sums.ts";
import { withLeftOutEntries } from "../scoring/full-sample-terms.ts";
import { FamilyRows } from "./family-rows.ts";

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
  eachFamilyPatternValues(recorded, keyParts, new Float64Array(recorded.width), (keys, values, pattern) => {
    keys.forEach((k, i) => {
      const column = out[k]!;
      for (let d = 0; d < column.length; d++) column[d] = values[pattern[d]! * keys.length + i]!;
    });
  });
  return out;
}

/**
 * Per measure, `acceleration(jackknifeValues(recorded, keyParts)[k])`, the same to the bit, without
 * the n leave-one-out values of each measure: each document's value is read from its pattern's, in
 * document order, as `acceleration` reads its column. `sums`, a vector of the layout's width, is
 * overwritten: a caller done with one (a bootstrap's resample vector) spares the jackknife its own.
 */
export function jackknifeAccelerations(
  recorded: RecordedStatistics,
  keyParts: readonly (readonly string[])[],
  sums: Float64Array = new Float64Array(recorded.width),
): Float64Array {
  const out = new Float64Array(keyParts.length);
  eachFamilyPatternValues(recorded, keyParts, sums, (keys, values, pattern) => patternAccelerations(values, pattern, keys, out));
  return out;
}

/**
 * Hands `visit` each family's leave-one-out values, family by family: `keys`, the places in
 * `keyParts` of its requested measures, and `values`, whose entry p · keys.length + i is measure
 * keys[i] without a document of pattern p (`pattern`, document → its pattern). `values` is scratch,
 * valid during the visit. `loo` (the layout's width) is overwritten with the total and handed back so.
 */
function eachFamilyPatternValues(
  recorded: RecordedStatistics,
  keyParts: readonly (readonly string[])[],
  loo: Float64Array,
  visit: (keys: readonly number[], values: Float64Array, pattern: Int32Array) => void,
): void {
  const total = recorded.sharedTotal();
  loo.set(total);
  const reduced = reducedFamilies(recorded, keyParts);
  // One array takes each family's values in turn: as long as the longest family's.
  const values = new Float64Array(Math.max(0, ...reduced.map(({ keys, patterns }) => keys.length * patterns)));
  const representatives = new Int32Array(recorded.documents);
  const rows = new FamilyRows(recorded);
  // A leave-one-out sum is 0 wherever the total is: reducers visit only the statistics some document touches.
  // A leave-one-out macro average keeps the full sample's labels, as a resample's does (`withFullSample`).
  withSparseSums(loo, recorded.touched(), () =>
    withFullSample(
      loo,
      total,
      () => {
        for (const family of reduced) {
          const familyValues = values.subarray(0, family.keys.length * family.patterns);
          firstOfEachPattern(family.pattern, representatives);
          patternValues(recorded, family, total, loo, representatives, rows, familyValues);
          visit(family.keys, familyValues, family.pattern);
        }
      },
      true,
    ),
  );
}

/** A family some requested measure belongs to. */
interface ReducedFamily {
  /** Its place in the layout. */
  readonly f: number;
  /** The places in `keyParts` of its requested measures. */
  readonly keys: readonly number[];
  /** Those measures' keys within the family. */
  readonly inFamily: readonly (readonly string[])[];
  /** Document → its pattern of the family's statistics (`familyPatterns`). */
  readonly pattern: Int32Array;
  /** How many patterns there are. */
  readonly patterns: number;
}

/** The families some measure of `keyParts` belongs to, in layout order, with their patterns counted. */
function reducedFamilies(recorded: RecordedStatistics, keyParts: readonly (readonly string[])[]): ReducedFamily[] {
  return recorded.accumulator.families.flatMap((family, f) => {
    const keys = keyParts.flatMap((parts, k) => (parts[0] === family.id ? [k] : []));
    if (keys.length === 0) return [];
    const pattern = recorded.familyPatterns(f);
    return [{ f, keys, inFamily: keys.map((k) => keyParts[k]!.slice(1)), pattern, patterns: patternCount(pattern) }];
  });
}

/** How many patterns documents have (one more than the largest). */
function patternCount(pattern: Int32Array): number {
  let patterns = 0;
  for (let d = 0; d < pattern.length; d++) if (pattern[d]! >= patterns) patterns = pattern[d]! + 1;
  return patterns;
}

/**
 * The family's measures with one document of each of its patterns left out, pattern by pattern,
 * into `out`: entry p · measures + i is measure i without document `representatives[p]`, of pattern
 * p. `loo` holds `total` and is handed back so; only the family's statistics and the document count
 * change in between, the row's other entries being no concern of its reduce.
 */
function patternValues(
  recorded: RecordedStatistics,
  family: ReducedFamily,
  total: Float64Array,
  loo: Float64Array,
  representatives: Int32Array,
  rows: FamilyRows,
  out: Float64Array,
): void {
  const { accumulator, indices, values } = recorded;
  const { f, inFamily, patterns } = family;
  const from = accumulator.offsets[f]!;
  const to = from + accumulator.families[f]!.width(accumulator.ctx);
  const reduce = accumulator.familyReducer(f, loo, true);
  // A reducer may recompute only what the row touches (`leftOutEntries`): the row's entries it reads.
  // The work of each pattern is a function of its own: as a loop in a closure made anew for every
  // family of every bootstrap, it was compiled anew after each full garbage collection (a closure's
  // optimised code dies with it).
  withLeftOutEntries(loo, ({ entries }) =>
    eachPatternValues({ indices, values, rows, from, to, total, loo, entries }, representatives, patterns, reduce, inFamily, out),
  );
}

/** `valueWithout` each of the first `patterns` representatives, pattern p's values from `out[p · measures]`. */
function eachPatternValues(
  leftOut: LeftOut,
  representatives: Int32Array,
  patterns: number,
  reduce: () => FamilyResult,
  inFamily: readonly (readonly string[])[],
  out: Float64Array,
): void {
  for (let p = 0; p < patterns; p++) valueWithout(leftOut, representatives[p]!, reduce, inFamily, out, p * inFamily.length);
}

/** What leaving a document out of a family's sums needs: see `leaveOut`. */
interface LeftOut {
  readonly indices: Int32Array;
  readonly values: Float64Array;
  readonly rows: FamilyRows;
  readonly from: number;
  readonly to: number;
  readonly total: Float64Array;
  readonly loo: Float64Array;
  readonly entries: number[];
}

/**
 * The family's measures `inFamily` without document d, into `out` from `at`: its row subtracted
 * from the total, reduced, and the total put back where the row was.
 */
function valueWithout(
  leftOut: LeftOut,
  d: number,
  reduce: () => FamilyResult,
  inFamily: readonly (readonly string[])[],
  out: Float64Array,
  at: number,
): void {
  const { loo, total, entries } = leftOut;
  leaveOut(leftOut.indices, leftOut.values, leftOut.rows, d, leftOut.from, leftOut.to, loo, entries);
  const result = reduce();
  for (let i = 0; i < inFamily.length; i++) out[at + i] = measureValue(result, inFamily[i]!);
  for (let k = 0; k < entries.length; k++) loo[entries[k]!] = total[entries[k]!]!;
}

/**
 * Subtracts document d's entries of the family's statistics (`from … to − 1`) and of the document
 * count from `loo`, in row order, and lists their statistics in `entries`.
 */
function leaveOut(
  indices: Int32Array,
  values: Float64Array,
  rows: FamilyRows,
  d: number,
  from: number,
  to: number,
  loo: Float64Array,
  entries: number[],
): void {
  entries.length = 0;
  rows.select(d, from, to);
  if (rows.ordered) {
    for (let e = rows.countFrom; e < rows.countTo; e++) {
      loo[indices[e]!]! -= values[e]!;
      entries.push(indices[e]!);
    }
    for (let e = rows.familyFrom; e < rows.familyTo; e++) {
      loo[indices[e]!]! -= values[e]!;
      entries.push(indices[e]!);
    }
  } else
    for (let e = rows.countFrom; e < rows.familyTo; e++) {
      const index = indices[e]!;
      if (index !== 0 && (index < from || index >= to)) continue;
      loo[index]! -= values[e]!;
      entries.push(index);
    }
}

/** The first document of each pattern, by pattern, into `first` (as long as the documents, at least). */
function firstOfEachPattern(pattern: Int32Array, first: Int32Array): void {
  first.fill(-1);
  for (let d = 0; d < pattern.length; d++) if (first[pattern[d]!] === -1) first[pattern[d]!] = d;
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

/**
 * `acceleration` of each of a family's measures at once, from its pattern values (`values[p ·
 * keys.length + i]`, measure i without a document of pattern p): document d's value is its
 * pattern's, and each sum adds the documents' terms in document order, as `acceleration` adds its
 * column's, so the result is the same to the bit. Measure i's goes to `out[keys[i]]`.
 */
function patternAccelerations(values: Float64Array, pattern: Int32Array, keys: readonly number[], out: Float64Array): void {
  const m = keys.length;
  const n = pattern.length;
  const means = new Float64Array(m);
  for (let d = 0; d < n; d++) {
    const at = pattern[d]! * m;
    for (let i = 0; i < m; i++) means[i]! += values[at + i]!;
  }
  for (let i = 0; i < m; i++) means[i]! /= n;
  const squares = new Float64Array(m);
  const cubes = new Float64Array(m);
  for (let d = 0; d < n; d++) {
    const at = pattern[d]! * m;
    for (let i = 0; i < m; i++) {
      const u = means[i]! - values[at + i]!;
      squares[i]! += u * u;
      cubes[i]! += u * u * u;
    }
  }
  for (let i = 0; i < m; i++) {
    const a = cubes[i]! / (6 * squares[i]! ** 1.5);
    out[keys[i]!] = Number.isFinite(a) ? a : 0;
  }
}
