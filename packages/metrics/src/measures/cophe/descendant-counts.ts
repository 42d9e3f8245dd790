import { stampsPerTaxonomy } from "../../collections/node-stamps.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * The prediction-level labels of a document: its labels that have no other
 * of its labels below them. Writing a label's ancestors out (as GermEval
 * files do) then changes nothing, so "A, A>B, A>B>C" counts once, as C.
 *
 * @example
 * // 364 → 364.1 → 364.11
 * predictionLevelLabels(taxonomy, [id("364"), id("364.1"), id("364.11")]); // [id("364.11")]
 */
export function predictionLevelLabels(taxonomy: Taxonomy, labels: readonly number[]): number[] {
  if (labels.length < 2) return [...labels];
  const covered = coveredNodes(taxonomy);
  covered.begin();
  for (const label of labels) {
    const ancestors = taxonomy.ancestors[label]!;
    for (let i = 0; i < ancestors.length; i++) covered.add(ancestors[i]!);
  }
  return labels.filter((label) => !covered.has(label));
}

/** The ancestors of a document's labels, in a table made once per taxonomy. */
const coveredNodes = stampsPerTaxonomy();

/**
 * Count-preserving augmentation ("CoPHE: A Count-Preserving Hierarchical
 * Evaluation Metric in Large-Scale Multi-Label Text Classification"):
 * x_c = the number of the given labels l with c = l or c an ancestor of l
 * (each label adds 1 to itself and once to every distinct ancestor, also in
 * a DAG; the root is excluded).
 *
 * @example
 * // 364 → 364.1 → 364.11, 364 → 364.3
 * descendantCounts(taxonomy, [id("364.11"), id("364.3")]);
 * // Map { 364.11 → 1, 364.1 → 1, 364 → 2, 364.3 → 1 }
 */
export function descendantCounts(taxonomy: Taxonomy, labels: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const label of labels) {
    counts.set(label, (counts.get(label) ?? 0) + 1);
    for (const a of taxonomy.ancestors[label]!) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return counts;
}

/** TP, FP and FN of one class in one document, for predicted count x and true count y. */
export interface CountConfusion {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
}

/**
 * CoPHE's count-preserving confusion of one (ancestor) class c in one
 * document d, Eq. 1–3 of the CoPHE paper:
 * TP = min(x, y), FP = max(x − y, 0), FN = max(y − x, 0).
 *
 * @example
 * countConfusion(4, 3); // { tp: 3, fp: 1, fn: 0 }
 */
export function countConfusion(x: number, y: number): CountConfusion {
  return { tp: Math.min(x, y), fp: Math.max(x - y, 0), fn: Math.max(y - x, 0) };
}
