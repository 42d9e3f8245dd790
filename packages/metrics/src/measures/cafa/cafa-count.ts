import type { StatSink } from "../../scoring/measure-family.ts";
import type { PreparedDocument } from "../../scoring/prepared-document.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { ROOT } from "../../taxonomy/taxonomy.ts";
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

/**
 * One protein's statistics, per namespace where it has gold: its gold sizes, then for every
 * threshold τ at which it predicts something, 1, tp/|P|, tp/|Gp|, tp and |P| (and the same
 * IA-weighted). Predicted terms are those whose propagated score is ≥ τ; scores on terms of
 * namespaces where the protein has no gold are ignored, as CAFA-evaluator does.
 */
export function countCafa(doc: PreparedDocument, ctx: ScoringContext, sink: StatSink, layout: CafaLayout): void {
  const { roots, namespaceOf, ofInterest, weights, stride } = layout;
  const gold = doc.goldClosure;
  const inGold = roots.map((root) => gold.has(root));
  if (!inGold.includes(true)) return;
  const goldSize = new Float64Array(roots.length);
  const goldWeight = new Float64Array(roots.length);
  for (const node of gold) {
    const j = namespaceOf[node]!;
    if (j < 0) continue;
    goldSize[j]! += ofInterest[node]!;
    goldWeight[j]! += weights[node]!;
  }
  inGold.forEach((isIn, j) => {
    if (!isIn) return;
    sink.add(j * stride + N_GOLD, 1);
    if (goldSize[j]! > 0) sink.add(j * stride + GOLD_SIZE, goldSize[j]!);
    if (goldWeight[j]! > 0) sink.add(j * stride + GOLD_SIZE_W, goldWeight[j]!);
  });
  const scores = doc.prediction?.scores;
  if (!scores) return;
  const predicting = propagate(scores, inGold, ctx, layout);
  levelCounts(gold, predicting, layout);
  predicting.forEach((has, j) => {
    if (has) addRows(j, goldSize[j]!, goldWeight[j]!, sink, layout);
  });
}

/** Fills `propagated` for the scored terms and their ancestors; returns the namespaces with a kept score. */
function propagate(scores: ReadonlyMap<number, number>, inGold: readonly boolean[], ctx: ScoringContext, layout: CafaLayout): boolean[] {
  const { namespaceOf, raw, propagated, fromChildren, mark, touched, rank } = layout;
  const { ancestors, parents } = ctx.taxonomy;
  const predicting = inGold.map(() => false);
  let count = 0;
  for (const [node, score] of scores) {
    const j = namespaceOf[node]!;
    if (j < 0 || !inGold[j] || !(score > 0)) continue;
    predicting[j] = true;
    raw[node] = score;
    if (mark[node] === 0) {
      mark[node] = 1;
      touched[count++] = node;
    }
    for (const a of ancestors[node]!) {
      if (mark[a] === 0) {
        mark[a] = 1;
        touched[count++] = a;
      }
    }
  }
  const order = touched.subarray(0, count).sort((a, b) => rank[a]! - rank[b]!);
  const fill = layout.options.propagation === "fill";
  for (const node of order) {
    const own = raw[node]!;
    const s = own > 0 ? (fill ? own : Math.max(own, fromChildren[node]!)) : fromChildren[node]!;
    propagated[node] = s;
    for (const p of parents[node]!) if (p !== ROOT && s > fromChildren[p]!) fromChildren[p] = s;
  }
  layout.count = count;
  return predicting;
}

/** Tallies each touched term at the highest threshold it passes (the rows add up from the top), then clears the scratch. */
function levelCounts(gold: ReadonlySet<number>, predicting: readonly boolean[], layout: CafaLayout): void {
  const { thresholds, namespaceOf, ofInterest, weights, raw, propagated, fromChildren, mark, touched, levels } = layout;
  const K = thresholds.length;
  for (let t = 0; t < layout.count; t++) {
    const node = touched[t]!;
    const s = propagated[node]!;
    raw[node] = 0;
    propagated[node] = 0;
    fromChildren[node] = 0;
    mark[node] = 0;
    const j = namespaceOf[node]!;
    if (!predicting[j]) continue;
    const passed = thresholdsPassed(thresholds, s);
    if (passed === 0) continue;
    const at = (j * K + passed - 1) * 4;
    const isGold = gold.has(node);
    if (ofInterest[node]) {
      levels[at]! += 1;
      if (isGold) levels[at + 1]! += 1;
    }
    const w = weights[node]!;
    if (w > 0) {
      levels[at + 2]! += w;
      if (isGold) levels[at + 3]! += w;
    }
  }
}

/** How many thresholds are ≤ s (they ascend). */
function thresholdsPassed(thresholds: Float64Array, s: number): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (thresholds[mid]! <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function addRows(j: number, goldSize: number, goldWeight: number, sink: StatSink, layout: CafaLayout): void {
  const { levels, stride } = layout;
  const K = layout.thresholds.length;
  const base = j * stride;
  sink.add(base + N_PREDICTING, 1);
  let p = 0;
  let tp = 0;
  let pw = 0;
  let tpw = 0;
  for (let k = K - 1; k >= 0; k--) {
    const at = (j * K + k) * 4;
    p += levels[at]!;
    tp += levels[at + 1]!;
    pw += levels[at + 2]!;
    tpw += levels[at + 3]!;
    levels.fill(0, at, at + 4);
    const row = base + HEAD + ROW * k;
    if (p > 0) {
      sink.add(row + ROW_N, 1);
      sink.add(row + ROW_P, p);
      if (tp > 0) {
        sink.add(row + ROW_TP, tp);
        sink.add(row + ROW_PR, tp / p);
        if (goldSize > 0) sink.add(row + ROW_RC, tp / goldSize);
      }
    }
    if (pw > 0) {
      const w = row + WEIGHTED;
      sink.add(w + ROW_N, 1);
      sink.add(w + ROW_P, pw);
      if (tpw > 0) {
        sink.add(w + ROW_TP, tpw);
        sink.add(w + ROW_PR, tpw / pw);
        if (goldWeight > 0) sink.add(w + ROW_RC, tpw / goldWeight);
      }
    }
  }
}
