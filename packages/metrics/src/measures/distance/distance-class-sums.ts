import { FullSampleTerms, insertAscending, leftOutEntries, leftOutSlot } from "../../scoring/full-sample-terms.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { type ZeroDivision, zeroDivisionValue } from "../../scoring/zero-division.ts";
import { fullSampleMemo } from "../../uncertainty/full-sample-sums.ts";

/** Five sums per class (node id − 1): |TP_j|, |FP_j|, |FN_j|, FpCon_j, FnCon_j. */
export const PER_CLASS = statisticSlots("tp", "fp", "fn", "fpCon", "fnCon");
const { tp: TP, fp: FP, fn: FN, fpCon: FP_CON, fnCon: FN_CON } = PER_CLASS.at;
const STRIDE = PER_CLASS.width;

/** The sums over classes of one reduce (see `distanceClassSums`). */
export interface ClassSums {
  /** Σ A_j over the observed classes. */
  credited: number;
  /** Σ max(0, D^P_j) over the observed classes. */
  precisionDenominator: number;
  /** Σ max(0, D^R_j) over the observed classes. */
  recallDenominator: number;
  /** Σ Pr_j and Σ Re_j over the classes that occur, and how many each adds. */
  sumP: number;
  sumR: number;
  /** The classes that occur. */
  classes: number;
  classesP: number;
  classesR: number;
}

/**
 * The classes a sample's sums visit, with their full-sample rates. A class the full sample does
 * not observe (|TP_j| + |FP_j| + |FN_j| = 0) no resample observes either (the statistics are
 * counts ≥ 0, and a class's contributions come with its counts): it adds nothing, and is skipped.
 */
class SampleClasses {
  /** Whether the classes are read against a full sample (`withFullSample`). */
  readonly resampled: boolean;
  /** Class indices (node id − 1), ascending. */
  readonly classes: Int32Array;
  /** The full sample's Pr_j and Re_j of `classes[k]` at 2k and 2k + 1; NaN where undefined under "nan". */
  readonly fullRates: Float64Array;
  /** The leave-one-out sums' full-sample terms (a jackknife's); undefined for a resample. */
  readonly terms: FullSampleTerms | undefined;

  constructor(full: Float64Array | undefined, classCount: number, choice: ZeroDivision, oneLeftOut: boolean) {
    this.resampled = full !== undefined;
    const classes: number[] = [];
    for (let j = 0; j < classCount; j++) if (!full || classObserved(full, STRIDE * j)) classes.push(j);
    this.classes = Int32Array.from(classes);
    this.fullRates = new Float64Array(2 * classes.length);
    const zero = zeroDivisionValue(choice);
    const terms = new Float64Array(5);
    if (full)
      for (let k = 0; k < this.classes.length; k++) {
        classTerms(full, STRIDE * this.classes[k]!, zero, terms);
        this.fullRates[2 * k] = terms[3]!;
        this.fullRates[2 * k + 1] = terms[4]!;
      }
    this.terms = full && oneLeftOut ? new FullSampleTerms(this.classes, 5, (j, out) => classTerms(full, STRIDE * j, zero, out)) : undefined;
  }
}

function classObserved(sums: Float64Array, base: number): boolean {
  return sums[base + TP]! + sums[base + FP]! + sums[base + FN]! !== 0;
}

/**
 * An observed class's terms of the sums of `distanceClassSums`, into `out` from `at`: A_j, D^P_j and D^R_j
 * (NaN, left out, when ≤ 0), Pr_j and Re_j (a denominator ≤ 0 gives `zero`, the zero-division
 * value; NaN is left out).
 */
function classTerms(from: Float64Array, base: number, zero: number, out: Float64Array, at = 0): void {
  const tp = from[base + TP]!;
  const fp = from[base + FP]!;
  const fn = from[base + FN]!;
  const fpCon = from[base + FP_CON]!;
  const fnCon = from[base + FN_CON]!;
  const a = Math.max(0, tp + fpCon + fnCon);
  const dp = tp + fp + fnCon;
  const dr = tp + fn + fpCon;
  out[at] = a;
  out[at + 1] = dp > 0 ? dp : NaN;
  out[at + 2] = dr > 0 ? dr : NaN;
  out[at + 3] = classRate(a, Math.max(dp, 0), zero);
  out[at + 4] = classRate(a, Math.max(dr, 0), zero);
}

/** Pr_j or Re_j: a / d, or `zero` (the zero-division value; NaN: left out) when d = 0. */
function classRate(a: number, denominator: number, zero: number): number {
  return denominator !== 0 ? a / denominator : zero;
}

// One maker per choice, made once: a reduce runs per resample.
const MEMO_KEYS: Record<string, string> = { 0: "distance.classes.0", 1: "distance.classes.1", nan: "distance.classes.nan" };
const MAKERS: Record<string, (full: Float64Array, oneLeftOut: boolean) => SampleClasses> = {
  0: (full, oneLeftOut) => new SampleClasses(full, full.length / STRIDE, 0, oneLeftOut),
  1: (full, oneLeftOut) => new SampleClasses(full, full.length / STRIDE, 1, oneLeftOut),
  nan: (full, oneLeftOut) => new SampleClasses(full, full.length / STRIDE, "nan", oneLeftOut),
};

/** The classes of `sums`' sample: kept with leave-one-out sums, else the full sample's memo (or every class). */
function sampleClasses(sums: Float64Array, classCount: number, choice: ZeroDivision): SampleClasses {
  const slot = leftOutSlot(sums, MAKERS[choice]!);
  const kept = slot?.value as SampleClasses | undefined;
  if (kept) return kept;
  const sample = fullSampleMemo(sums, MEMO_KEYS[choice]!, MAKERS[choice]!) ?? classesWithoutSample(classCount);
  if (slot) slot.value = sample;
  return sample;
}

/** Every class, for sums with no full sample behind them (an evaluation's own, a paired test's). */
let allClasses: { classCount: number; classes: SampleClasses } | undefined;

function classesWithoutSample(classCount: number): SampleClasses {
  if (allClasses?.classCount !== classCount) allClasses = { classCount, classes: new SampleClasses(undefined, classCount, 0, false) };
  return allClasses.classes;
}

const out: ClassSums = {
  credited: 0,
  precisionDenominator: 0,
  recallDenominator: 0,
  sumP: 0,
  sumR: 0,
  classes: 0,
  classesP: 0,
  classesR: 0,
};

/**
 * The sums over classes, in class order: Σ A_j, Σ max(0, D^P_j) and Σ max(0, D^R_j) over the
 * observed classes (the micro sums), Σ Pr_j and Σ Re_j (the macro sums); the classes that occur,
 * and how many Pr_j and Re_j the macro sums add (under zeroDivision "nan" an undefined one is left
 * out). In a resample, the classes of the full sample: one the resample does not observe keeps its
 * full-sample rates; with one document left out (a jackknife), the classes the document does not
 * touch have the full sample's terms (`FullSampleTerms`). The result is overwritten by the next call.
 */
export function distanceClassSums(sums: Float64Array, choice: ZeroDivision): ClassSums {
  const classCount = sums.length / STRIDE;
  const sample = sampleClasses(sums, classCount, choice);
  if (sample.terms && leftOutSums(sums, sample, sample.terms, zeroDivisionValue(choice))) return out;
  if (choice !== "nan" && definedClassSums(sums, sample, choice)) return out;
  everyClassSums(sums, sample, zeroDivisionValue(choice));
  return out;
}

/**
 * `distanceClassSums` into `out` under zeroDivision 0 or 1, where every Pr_j and Re_j is defined,
 * without a branch on the data but for the classes a resample does not observe (few): a
 * denominator max(0, D_j) is 0 in about a third of the classes of a resample, too often to guess.
 * max(0, x) is (x + |x|) / 2, exactly. Since RCon ≤ 1, FpCon_j ≤ |FP_j| and FnCon_j ≤ |FN_j| (as
 * rounded sums too: rounding is monotone and the bounds are whole numbers), so A_j ≤ max(0, D^P_j)
 * and A_j ≤ max(0, D^R_j): A_j is 0 where a denominator is, and A_j / (D + [D = 0]) is then +0,
 * to which the zero-division value is added as choice · [D = 0] (+0 elsewhere, which leaves a
 * rate ≥ 0 as it is). False, with `out` unset, should a class break the bound.
 */
function definedClassSums(sums: Float64Array, sample: SampleClasses, choice: 0 | 1): boolean {
  const { classes, fullRates, resampled } = sample;
  let credited = 0;
  let precisionDenominator = 0;
  let recallDenominator = 0;
  let sumP = 0;
  let sumR = 0;
  let occurring = 0;
  let unbounded = 0;
  for (let k = 0; k < classes.length; k++) {
    const base = STRIDE * classes[k]!;
    const tp = sums[base + TP]!;
    const fp = sums[base + FP]!;
    const fn = sums[base + FN]!;
    if (tp + fp + fn === 0) {
      // Not observed in this resample: the class keeps its full-sample rates.
      if (!resampled) continue;
      sumP += fullRates[2 * k]!;
      sumR += fullRates[2 * k + 1]!;
      occurring += 1;
      continue;
    }
    const fpCon = sums[base + FP_CON]!;
    const fnCon = sums[base + FN_CON]!;
    const rawA = tp + fpCon + fnCon;
    const rawDp = tp + fp + fnCon;
    const rawDr = tp + fn + fpCon;
    const a = (rawA + Math.abs(rawA)) * 0.5;
    const dp = (rawDp + Math.abs(rawDp)) * 0.5;
    const dr = (rawDr + Math.abs(rawDr)) * 0.5;
    const dpZero = +(dp === 0);
    const drZero = +(dr === 0);
    unbounded |= +(a > dp) | +(a > dr);
    // A denominator ≤ 0 adds +0 to its micro sum, which leaves it as it is.
    credited += a;
    precisionDenominator += dp;
    recallDenominator += dr;
    sumP += a / (dp + dpZero) + choice * dpZero;
    sumR += a / (dr + drZero) + choice * drZero;
    occurring += 1;
  }
  if (unbounded !== 0) return false;
  out.credited = credited;
  out.precisionDenominator = precisionDenominator;
  out.recallDenominator = recallDenominator;
  out.sumP = sumP;
  out.sumR = sumR;
  out.classes = occurring;
  out.classesP = occurring;
  out.classesR = occurring;
  return true;
}

/** `distanceClassSums` into `out`, class by class, for any zero-division value (`zero`; NaN: left out). */
function everyClassSums(sums: Float64Array, sample: SampleClasses, zero: number): void {
  const { classes, fullRates, resampled } = sample;
  let credited = 0;
  let precisionDenominator = 0;
  let recallDenominator = 0;
  let sumP = 0;
  let sumR = 0;
  let occurring = 0;
  let classesP = 0;
  let classesR = 0;
  for (let k = 0; k < classes.length; k++) {
    const base = STRIDE * classes[k]!;
    const tp = sums[base + TP]!;
    const fp = sums[base + FP]!;
    const fn = sums[base + FN]!;
    const observed = tp + fp + fn !== 0;
    if (!resampled && !observed) continue;
    const fpCon = sums[base + FP_CON]!;
    const fnCon = sums[base + FN_CON]!;
    const a = Math.max(0, tp + fpCon + fnCon);
    const dp = tp + fp + fnCon;
    const dr = tp + fn + fpCon;
    // Not observed in this resample: the class keeps its full-sample rates.
    const pj = observed ? classRate(a, Math.max(dp, 0), zero) : fullRates[2 * k]!;
    const rj = observed ? classRate(a, Math.max(dr, 0), zero) : fullRates[2 * k + 1]!;
    if (observed) {
      credited += a;
      if (dp > 0) precisionDenominator += dp;
      if (dr > 0) recallDenominator += dr;
    }
    occurring += 1;
    // A NaN rate (undefined under "nan") is left out.
    if (!Number.isNaN(pj)) {
      sumP += pj;
      classesP += 1;
    }
    if (!Number.isNaN(rj)) {
      sumR += rj;
      classesR += 1;
    }
  }
  out.credited = credited;
  out.precisionDenominator = precisionDenominator;
  out.recallDenominator = recallDenominator;
  out.sumP = sumP;
  out.sumR = sumR;
  out.classes = occurring;
  out.classesP = classesP;
  out.classesR = classesR;
}

let positions = new Int32Array(16);
let changedTerms = new Float64Array(80);
const termSums = new Float64Array(5);
const termCounts = new Float64Array(5);

/**
 * `distanceClassSums` of leave-one-out sums (`leftOutEntries`): only the classes the left-out
 * document touches are computed, into `out`. False when the sums are not such (or touch a class
 * the full sample does not observe, which counts cannot): every class is then computed.
 */
function leftOutSums(sums: Float64Array, sample: SampleClasses, terms: FullSampleTerms, zero: number): boolean {
  const entries = leftOutEntries(sums);
  if (!entries) return false;
  if (positions.length < entries.length) {
    positions = new Int32Array(2 * entries.length);
    changedTerms = new Float64Array(10 * entries.length);
  }
  let count = 0;
  for (const entry of entries) {
    const position = terms.positionOf(Math.floor(entry / STRIDE));
    if (position < 0) return false;
    count = insertAscending(positions, count, position);
  }
  const { classes, fullRates } = sample;
  for (let c = 0; c < count; c++) {
    const k = positions[c]!;
    const base = STRIDE * classes[k]!;
    const at = 5 * c;
    if (classObserved(sums, base)) classTerms(sums, base, zero, changedTerms, at);
    else {
      // Not observed without the document: counted among the classes (a +0 term), with its full-sample rates.
      changedTerms[at] = 0;
      changedTerms[at + 1] = NaN;
      changedTerms[at + 2] = NaN;
      changedTerms[at + 3] = fullRates[2 * k]!;
      changedTerms[at + 4] = fullRates[2 * k + 1]!;
    }
  }
  terms.sumWith(positions, count, changedTerms, termSums, termCounts);
  out.credited = termSums[0]!;
  out.precisionDenominator = termSums[1]!;
  out.recallDenominator = termSums[2]!;
  out.sumP = termSums[3]!;
  out.sumR = termSums[4]!;
  out.classes = termCounts[0]!;
  out.classesP = termCounts[3]!;
  out.classesR = termCounts[4]!;
  return true;
}
