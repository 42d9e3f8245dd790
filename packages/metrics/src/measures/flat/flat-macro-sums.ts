import { FullSampleTerms, insertAscending, leftOutEntries, leftOutSlot } from "../../scoring/full-sample-terms.ts";
import { type ZeroDivision, zeroDivisionValue } from "../../scoring/zero-division.ts";
import { fullSampleMemo } from "../../uncertainty/full-sample-sums.ts";
import { FLAT_LABEL_HEAD } from "./flat-slots.ts";

const HEAD = FLAT_LABEL_HEAD;

/** The macro sums of one reduce: Σ per-label P, R and F1, and how many labels each sum counts. */
export interface MacroSums {
  precision: number;
  recall: number;
  f1: number;
  /** Counted labels per sum; exact only under zeroDivision "nan" (where a label may be left out). */
  definedP: number;
  definedR: number;
  definedF: number;
}

/**
 * The labels a macro sum visits in a sample, with their full-sample rates. A label the full sample
 * does not observe (TP + FP + FN = 0) no resample observes either (the statistics are counts ≥ 0),
 * and its rates are the zero-division value: 0, which leaves a sum as it is (a sum of rates ≥ 0
 * starts at +0), or NaN, which is left out. Under 0 and "nan" such labels are skipped; under 1
 * every label is visited.
 */
class SampleLabels {
  /** Label ids − 1, ascending. */
  readonly labels: Int32Array;
  /**
   * The P, R and F1 of `labels[k]` where its denominator is 0, at 3k … 3k + 2: in a resample, the
   * full sample's rate, if that has one; else the zero-division value (NaN: left out).
   */
  readonly fallback: Float64Array;
  /** The leave-one-out sums' full-sample terms (a jackknife's); undefined for a resample. */
  readonly terms: FullSampleTerms | undefined;

  constructor(full: Float64Array | undefined, size: number, choice: ZeroDivision, oneLeftOut: boolean) {
    const labels: number[] = [];
    for (let i = 0; i < size; i++) if (choice === 1 || !full || labelObserved(full, size, i)) labels.push(i);
    this.labels = Int32Array.from(labels);
    this.fallback = new Float64Array(3 * labels.length).fill(zeroDivisionValue(choice));
    if (full)
      for (let k = 0; k < this.labels.length; k++) {
        const i = this.labels[k]!;
        const t = full[HEAD + i]!;
        const p = full[HEAD + size + i]!;
        const n = full[HEAD + 2 * size + i]!;
        if (t + p !== 0) this.fallback[3 * k] = t / (t + p);
        if (t + n !== 0) this.fallback[3 * k + 1] = t / (t + n);
        if (2 * t + p + n !== 0) this.fallback[3 * k + 2] = (2 * t) / (2 * t + p + n);
      }
    // In the full sample a rate with a zero denominator is the zero-division value: its fallback.
    this.terms = oneLeftOut
      ? new FullSampleTerms(this.labels, 3, (_i, out, k) => out.set(this.fallback.subarray(3 * k, 3 * k + 3)))
      : undefined;
  }
}

function labelObserved(sums: Float64Array, size: number, i: number): boolean {
  return sums[HEAD + i]! + sums[HEAD + size + i]! + sums[HEAD + 2 * size + i]! !== 0;
}

// One maker per choice, made once: a reduce runs per resample.
const MEMO_KEYS: Record<string, string> = { 0: "flat.labels.0", 1: "flat.labels.1", nan: "flat.labels.nan" };
const MAKERS: Record<string, (full: Float64Array, oneLeftOut: boolean) => SampleLabels> = {
  0: (full, oneLeftOut) => new SampleLabels(full, (full.length - HEAD) / 3, 0, oneLeftOut),
  1: (full, oneLeftOut) => new SampleLabels(full, (full.length - HEAD) / 3, 1, oneLeftOut),
  nan: (full, oneLeftOut) => new SampleLabels(full, (full.length - HEAD) / 3, "nan", oneLeftOut),
};

/** The labels of `sums`' sample: kept with leave-one-out sums, else the full sample's memo (or every label). */
function sampleLabels(sums: Float64Array, size: number, choice: ZeroDivision): SampleLabels {
  const slot = leftOutSlot(sums, MAKERS[choice]!);
  const kept = slot?.value as SampleLabels | undefined;
  if (kept) return kept;
  const sample = fullSampleMemo(sums, MEMO_KEYS[choice]!, MAKERS[choice]!) ?? labelsWithoutSample(size, choice);
  if (slot) slot.value = sample;
  return sample;
}

/** Every label, for sums with no full sample behind them (an evaluation's own, a paired test's). */
let allLabels: { size: number; choice: ZeroDivision; labels: SampleLabels } | undefined;

function labelsWithoutSample(size: number, choice: ZeroDivision): SampleLabels {
  if (allLabels?.size !== size || allLabels.choice !== choice)
    allLabels = { size, choice, labels: new SampleLabels(undefined, size, choice, false) };
  return allLabels.labels;
}

const out: MacroSums = { precision: 0, recall: 0, f1: 0, definedP: 0, definedR: 0, definedF: 0 };
let positions = new Int32Array(16);
let changedTerms = new Float64Array(48);

/**
 * The sums over labels of the per-label precision, recall and F1, and how many labels each sum
 * counts (a rate undefined under zeroDivision "nan" is left out), added in label order; the
 * counts are exact under "nan" only. In a resample (`withFullSample`), a label rate with a zero
 * denominator takes the full sample's rate, if that has one. With one document left out (a
 * jackknife), the labels the document does not touch have the full sample's rates
 * (`FullSampleTerms`). The result is overwritten by the next call.
 */
export function flatMacroSums(sums: Float64Array, size: number, choice: ZeroDivision): MacroSums {
  const sample = sampleLabels(sums, size, choice);
  if (sample.terms && leftOutSums(sums, size, sample, sample.terms)) return out;
  everyLabelSums(sums, size, sample);
  return out;
}

/**
 * `flatMacroSums` into `out`, label by label. (Branches, not arithmetic on [d = 0]: a label whose
 * denominator is 0 then skips its division, which saves more than a mispredicted branch costs.)
 */
function everyLabelSums(sums: Float64Array, size: number, sample: SampleLabels): void {
  const { labels, fallback } = sample;
  let sP = 0;
  let sR = 0;
  let sF = 0;
  let cP = 0;
  let cR = 0;
  let cF = 0;
  for (let k = 0; k < labels.length; k++) {
    const i = labels[k]!;
    const t = sums[HEAD + i]!;
    const p = sums[HEAD + size + i]!;
    const n = sums[HEAD + 2 * size + i]!;
    // F1 = 2TP / (2TP + FP + FN), the harmonic mean of P and R wherever that is defined.
    const dP = t + p;
    const dR = t + n;
    const dF = 2 * t + p + n;
    const precision = dP !== 0 ? t / dP : fallback[3 * k]!;
    const recall = dR !== 0 ? t / dR : fallback[3 * k + 1]!;
    const f1 = dF !== 0 ? (2 * t) / dF : fallback[3 * k + 2]!;
    // A NaN rate (undefined under "nan") is left out.
    if (!Number.isNaN(precision)) {
      sP += precision;
      cP += 1;
    }
    if (!Number.isNaN(recall)) {
      sR += recall;
      cR += 1;
    }
    if (!Number.isNaN(f1)) {
      sF += f1;
      cF += 1;
    }
  }
  out.precision = sP;
  out.recall = sR;
  out.f1 = sF;
  out.definedP = cP;
  out.definedR = cR;
  out.definedF = cF;
}

/**
 * `flatMacroSums` of leave-one-out sums (`leftOutEntries`): only the labels the left-out document
 * touches are computed, into `out`. False when the sums are not such (or touch a label the full
 * sample does not observe, which counts cannot): every label is then computed.
 */
function leftOutSums(sums: Float64Array, size: number, sample: SampleLabels, terms: FullSampleTerms): boolean {
  const entries = leftOutEntries(sums);
  if (!entries) return false;
  if (positions.length < entries.length) {
    positions = new Int32Array(2 * entries.length);
    changedTerms = new Float64Array(6 * entries.length);
  }
  let count = 0;
  for (const entry of entries) {
    if (entry < HEAD) continue;
    const position = terms.positionOf((entry - HEAD) % size);
    if (position < 0) return false;
    count = insertAscending(positions, count, position);
  }
  const { labels, fallback } = sample;
  for (let c = 0; c < count; c++) {
    const k = positions[c]!;
    const i = labels[k]!;
    const t = sums[HEAD + i]!;
    const p = sums[HEAD + size + i]!;
    const n = sums[HEAD + 2 * size + i]!;
    changedTerms[3 * c] = t + p !== 0 ? t / (t + p) : fallback[3 * k]!;
    changedTerms[3 * c + 1] = t + n !== 0 ? t / (t + n) : fallback[3 * k + 1]!;
    changedTerms[3 * c + 2] = 2 * t + p + n !== 0 ? (2 * t) / (2 * t + p + n) : fallback[3 * k + 2]!;
  }
  terms.sumWith(positions, count, changedTerms, termSums, termCounts);
  out.precision = termSums[0]!;
  out.recall = termSums[1]!;
  out.f1 = termSums[2]!;
  out.definedP = termCounts[0]!;
  out.definedR = termCounts[1]!;
  out.definedF = termCounts[2]!;
  return true;
}

const termSums = new Float64Array(3);
const termCounts = new Float64Array(3);
