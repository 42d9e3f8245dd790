import {
  type CafaLayout,
  GOLD_SIZE,
  GOLD_SIZE_W,
  HEAD,
  N_GOLD,
  N_PREDICTING,
  ROW,
  ROW_N,
  ROW_P,
  ROW_PR,
  ROW_RC,
  ROW_TP,
  WEIGHTED,
} from "./cafa-layout.ts";

export type CafaStatus = "ok" | "no_gold" | "no_predictions" | "no_coverage";

/** The sweep over the kept thresholds (those where some protein predicts), one array per column. */
export type CafaCurve = Record<string, number[]>;

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const harmonic = (a: number, b: number) => (a + b === 0 ? 0 : (2 * a * b) / (a + b));

/**
 * One namespace's measures from its summed statistics (see `countCafa`): the curve at every
 * threshold where the unweighted coverage is > 0, and the best rows (first maximum of F, first
 * minimum of S) with what CAFA-evaluator reports beside them.
 */
export function reduceNamespace(sums: Float64Array, j: number, layout: CafaLayout): Record<string, unknown> {
  const base = j * layout.stride;
  const nGold = sums[base + N_GOLD]!;
  if (nGold === 0) return { status: "no_gold" satisfies CafaStatus };
  if (sums[base + N_PREDICTING]! === 0) return { status: "no_predictions" satisfies CafaStatus, nGoldProteins: nGold };
  const { normalisation } = layout.options;
  const curve: CafaCurve = {};
  const push = (key: string, value: number) => (curve[key] ??= []).push(value);
  const columns = (row: number, goldSize: number, suffix: string) => {
    const n = sums[row + ROW_N]!;
    const tpSum = sums[row + ROW_TP]!;
    const byN = normalisation === "pred" ? n : nGold;
    const tp = ratio(tpSum, byN);
    const fp = ratio(sums[row + ROW_P]! - tpSum, byN);
    const fn = ratio(goldSize - tpSum, byN);
    const pr = ratio(sums[row + ROW_PR]!, normalisation === "gt" ? nGold : n);
    const rc = ratio(sums[row + ROW_RC]!, byN);
    const prMicro = ratio(tp, tp + fp);
    const rcMicro = ratio(tp, tp + fn);
    const values = { n, tp, fp, fn, pr, rc, cov: n / nGold, mi: fp, ru: fn, f: harmonic(pr, rc), s: Math.hypot(fn, fp) };
    for (const [key, value] of Object.entries(values)) push(key + suffix, value);
    push(`prMicro${suffix}`, prMicro);
    push(`rcMicro${suffix}`, rcMicro);
    push(`fMicro${suffix}`, harmonic(prMicro, rcMicro));
  };
  layout.thresholds.forEach((tau, k) => {
    const row = base + HEAD + ROW * k;
    if (sums[row + ROW_N]! === 0) return;
    push("tau", tau);
    columns(row, sums[base + GOLD_SIZE]!, "");
    if (layout.weighted) columns(row + WEIGHTED, sums[base + GOLD_SIZE_W]!, "W");
  });
  if (!curve.tau) return { status: "no_coverage" satisfies CafaStatus, nGoldProteins: nGold };
  const c = curve as Required<CafaCurve>;
  const at = (column: string, better: (a: number, b: number) => boolean) => {
    const values = c[column]!;
    let best = 0;
    for (let i = 1; i < values.length; i++) if (better(values[i]!, values[best]!)) best = i;
    return best;
  };
  const higher = (a: number, b: number) => a > b;
  const lower = (a: number, b: number) => a < b;
  const f = at("f", higher);
  const s = at("s", lower);
  const micro = at("fMicro", higher);
  const result: Record<string, unknown> = {
    status: "ok" satisfies CafaStatus,
    nGoldProteins: nGold,
    fmax: c.f![f],
    fmaxThreshold: c.tau![f],
    precisionAtFmax: c.pr![f],
    recallAtFmax: c.rc![f],
    nPredictedAtFmax: c.n![f],
    coverageAtFmax: c.cov![f],
    coverageMax: Math.max(...c.cov!),
    smin: c.s![s],
    sminThreshold: c.tau![s],
    ruAtSmin: c.ru![s],
    miAtSmin: c.mi![s],
    fmaxMicro: c.fMicro![micro],
    fmaxMicroThreshold: c.tau![micro],
  };
  if (layout.weighted) {
    const wf = at("fW", higher);
    const ws = at("sW", lower);
    Object.assign(result, {
      wfmax: c.fW![wf],
      wfmaxThreshold: c.tau![wf],
      wprecisionAtWfmax: c.prW![wf],
      wrecallAtWfmax: c.rcW![wf],
      nPredictedWAtWfmax: c.nW![wf],
      coverageWAtWfmax: c.covW![wf],
      coverageWMax: Math.max(...c.covW!),
      wsmin: c.sW![ws],
      wsminThreshold: c.tau![ws],
      wruAtWsmin: c.ruW![ws],
      wmiAtWsmin: c.miW![ws],
    });
  }
  result.curve = curve;
  return result;
}
