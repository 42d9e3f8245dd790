import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";
import { classDistance } from "../lca/ancestor-distances.ts";
import { labelSetPairId, labelSetPairRecord, type PairRecord } from "../../scoring/label-set-memo.ts";
import { filledUnder, PAIR_RECORD } from "../lca/pair-record-layout.ts";
import { minCostAssignment } from "./min-cost-assignment.ts";
import { mgiaNetworkError } from "./mgia-network-error.ts";

// All from "Evaluation Measures for Hierarchical Classification: a unified
// view and novel approaches" (Kosmopoulos et al.), Section 2.3. The cost of a
// pair is d(ŷ, y), the number of edges of the shortest path ŷ ↑ c ↓ y through
// a common ancestor c (the virtual root included; Equation 1 with unit
// weights, the shortest such path in a DAG); pairing a class with the default
// class of the other set costs D (the default-class cost).

function uniqueLabels(labels: readonly number[]): number[] {
  return [...new Set(labels)].filter((l) => l !== ROOT).sort((a, b) => a - b);
}

/** One document's graph induced error (see `pairCosts`). */
export interface PairCosts {
  /** GIE: the cost of the best one-to-one pairing, unpaired classes going to the default class at D. */
  readonly gie: number;
  /** |Y ∪ Ŷ|. */
  readonly union: number;
}

/**
 * A document's graph induced error (GIE, the LSHTC2 measure), with
 * default-class cost D > 0: each predicted class is paired with at most one
 * true class and vice versa, a class left out is paired with the default
 * class at cost D; the minimum-cost pairing (an assignment problem) gives
 * GIE = min Σ_(ŷ,y) d(ŷ, y) + D·(#unpaired classes). With one label on each
 * side of a tree and D ≥ d(ŷ, y) it is Dekel et al.'s tree induced error
 * d(ŷ, y). The MGIA network, where a class may take part in several pairs, is
 * `mgiaNetworkError`.
 *
 * `record` is the pair's memo record (`PreparedDocument.labelSetPairRecord`),
 * found from the two sets when not given.
 *
 * @example
 * // tree A → {B, C}: gold {B}, predicted {C}, D = 4
 * pairCosts(t, [B], [C], 4); // { gie: 2, union: 2 }
 */
export function pairCosts(
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  defaultClassCost: number,
  record: PairRecord = labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, gold, predicted)),
): PairCosts {
  const { pool, at } = pairCostsIn(record, taxonomy, gold, predicted, defaultClassCost);
  return { gie: pool[at + PAIR_RECORD.gie]!, union: pool[at + PAIR_RECORD.gieUnion]! };
}

/** The pair's record, holding its GIE under `defaultClassCost` (computed when it holds none). */
export function pairCostsIn(
  record: PairRecord,
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  defaultClassCost: number,
): PairRecord {
  // GIE depends on the two label sets and D only: computed once per pair of sets, D and taxonomy.
  return filledUnder(record, PAIR_RECORD.gieCost, defaultClassCost, (write) => {
    const { gie, union } = graphInducedError(taxonomy, gold, predicted, defaultClassCost);
    write(PAIR_RECORD.gie, gie);
    write(PAIR_RECORD.gieUnion, union);
  });
}

function graphInducedError(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[], defaultClassCost: number): PairCosts {
  const y = uniqueLabels(gold);
  const p = uniqueLabels(predicted);
  const D = defaultClassCost;
  const goldSet = new Set(y);
  let common = 0;
  for (const v of p) if (goldSet.has(v)) common += 1;
  const union = y.length + p.length - common;
  const m = p.length;
  const k = y.length;
  if (m === 0 || k === 0) return { gie: D * (m + k), union };

  // A pairing of r real pairs costs Σ d + D·(m + k − 2r): GIE = D·(m + k) + the cheapest
  // matching under the gains min(d − 2D, 0) (a gain of 0 stands for "both to the default
  // class"). Assigning each class of the smaller side to a distinct class of the larger one is
  // a rectangular assignment, O(min(m, k)² · max(m, k)) instead of O((m + k)³) for the square one.
  const rows = m <= k ? p : y;
  const columns = m <= k ? y : p;
  const gain = new Float64Array(rows.length * columns.length);
  rows.forEach((r, i) =>
    columns.forEach((c, j) => {
      gain[i * columns.length + j] = Math.min(classDistance(taxonomy, r, c) - 2 * D, 0);
    }),
  );
  return { gie: D * (m + k) + minCostAssignment(gain, rows.length, columns.length), union };
}

/**
 * Multi-label Graph Induced Accuracy of one document:
 * MGIA = (D·|Y ∪ Ŷ| − E) / (D·|Y ∪ Ŷ|) = 1 − E / (D·|Y ∪ Ŷ|),
 * with E the MGIA network cost of `mgiaNetworkError` (each chosen pair charged
 * once). A class found in both sets pairs with itself at cost 0 and every
 * other class costs at most D, so E ≤ D·|Y Δ Ŷ| ≤ D·|Y ∪ Ŷ|: MGIA lies in
 * [0, 1], is 1 exactly when Y = Ŷ and 0 when every class goes to a default
 * class and Y ∩ Ŷ = ∅. Undefined (returned as `undefined`) when both sets are
 * empty.
 *
 * @example
 * // tree A → {B, C}: gold {B}, predicted {C}, D = 4: E = 2, the pair charged once
 * mgia(t, [B], [C], 4); // 1 − 2 / (4·2) = 0.75
 */
export function mgia(
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  defaultClassCost: number,
): number | undefined {
  const { error, union } = mgiaNetworkError(taxonomy, gold, predicted, defaultClassCost);
  return union === 0 ? undefined : 1 - error / (defaultClassCost * union);
}
