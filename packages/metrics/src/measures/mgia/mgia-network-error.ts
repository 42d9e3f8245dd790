import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";
import { meetingPairs, pathsOfSet } from "../lca/hemkit-meeting-pairs.ts";
import { labelSetPairId, labelSetPairRecord, type PairRecord } from "../../scoring/label-set-memo.ts";
import { filledUnder, PAIR_RECORD } from "../lca/pair-record-layout.ts";

/** One document's MGIA network statistics (see `mgiaNetworkError`). */
export interface MgiaNetwork {
  /** E: the cost of the pairs kept plus D for each label sent to the default class. */
  readonly error: number;
  /** |Y ∪ Ŷ|. */
  readonly union: number;
  /** |Y Δ Ŷ|. */
  readonly symmetricDifference: number;
}

/** A link of the network: a predicted label, a gold label and its cost. */
interface Match {
  readonly predicted: number;
  readonly gold: number;
  readonly cost: number;
}

/**
 * The cost E of the MGIA flow network (Kosmopoulos et al., Figure 6) as the
 * authors' HEMKit computes it, on the label sets as written (not reduced).
 * Each chosen pair is charged once:
 *
 * 1. a label in both sets is matched with itself at cost 0;
 * 2. each gold-only label (ascending id) is linked to the partners of its
 *    shortest HEMKit meeting pairs with Ŷ (`meetingPairs`) at their length d,
 *    or sent to the default class at D when d ≥ D; then each predicted-only
 *    label with Y, a pair already linked not being added again;
 * 3. the links are pruned once, costliest first (then larger predicted id,
 *    then larger gold id): a link goes when both its labels still have
 *    another link;
 * 4. E = Σ default-class costs + Σ costs of the links kept.
 *
 * An empty set sends every label of the other to the default class.
 * `record` is the pair's memo record (`PreparedDocument.labelSetPairRecord`),
 * found from the two sets when not given.
 *
 * @example
 * // A → {B, C}, D = 6: gold {B}, predicted {C}: one link B–C of cost 2, charged once
 * mgiaNetworkError(t, [B], [C], 6); // { error: 2, union: 2, symmetricDifference: 2 }
 */
export function mgiaNetworkError(
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  defaultClassCost: number,
  record: PairRecord = labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, gold, predicted)),
): MgiaNetwork {
  const { pool, at } = mgiaNetworkIn(record, taxonomy, gold, predicted, defaultClassCost);
  return {
    error: pool[at + PAIR_RECORD.mgiaError]!,
    union: pool[at + PAIR_RECORD.mgiaUnion]!,
    symmetricDifference: pool[at + PAIR_RECORD.mgiaSymmetricDifference]!,
  };
}

/** The pair's record, holding its MGIA network under `defaultClassCost` (computed when it holds none). */
export function mgiaNetworkIn(
  record: PairRecord,
  taxonomy: Taxonomy,
  gold: readonly number[],
  predicted: readonly number[],
  defaultClassCost: number,
): PairRecord {
  // E depends on the two label sets and D only: computed once per pair of sets, D and taxonomy.
  return filledUnder(record, PAIR_RECORD.mgiaCost, defaultClassCost, (write) => {
    const { error, union, symmetricDifference } = networkError(taxonomy, gold, predicted, defaultClassCost);
    write(PAIR_RECORD.mgiaError, error);
    write(PAIR_RECORD.mgiaUnion, union);
    write(PAIR_RECORD.mgiaSymmetricDifference, symmetricDifference);
  });
}

function networkError(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[], defaultClassCost: number): MgiaNetwork {
  const Y = unique(gold);
  const P = unique(predicted);
  const inY = new Set(Y);
  const inP = new Set(P);
  const goldOnly = Y.filter((l) => !inP.has(l));
  const predOnly = P.filter((l) => !inY.has(l));
  const union = Y.length + predOnly.length;
  const symmetricDifference = goldOnly.length + predOnly.length;
  const D = defaultClassCost;
  if (Y.length === 0 || P.length === 0) return { error: D * symmetricDifference, union, symmetricDifference };

  let error = 0;
  const matches: Match[] = [];
  // A pair (predicted, gold) as one integer: no string per link.
  const seen = new Set<number>();
  const n = taxonomy.nodeCount;
  const link = (match: Match): void => {
    const key = match.predicted * n + match.gold;
    if (seen.has(key)) return;
    seen.add(key);
    matches.push(match);
  };
  // A label in both sets is matched with itself: the match costs nothing but counts when pruning.
  for (const l of Y) if (inP.has(l)) link({ predicted: l, gold: l, cost: 0 });
  const predPaths = pathsOfSet(taxonomy, P);
  const goldPaths = pathsOfSet(taxonomy, Y);
  for (const a of goldOnly) {
    const pairs = meetingPairs(taxonomy, a, predPaths);
    const d = pairs[0]!.length;
    if (d >= D) error += D;
    else for (const pair of pairs) link({ predicted: pair.partner, gold: a, cost: d });
  }
  for (const b of predOnly) {
    const pairs = meetingPairs(taxonomy, b, goldPaths);
    const d = pairs[0]!.length;
    if (d >= D) error += D;
    else for (const pair of pairs) link({ predicted: b, gold: pair.partner, cost: d });
  }

  matches.sort((m1, m2) => m2.cost - m1.cost || m2.predicted - m1.predicted || m2.gold - m1.gold);
  const linksOfPredicted = new Map<number, number>();
  const linksOfGold = new Map<number, number>();
  for (const m of matches) {
    linksOfPredicted.set(m.predicted, (linksOfPredicted.get(m.predicted) ?? 0) + 1);
    linksOfGold.set(m.gold, (linksOfGold.get(m.gold) ?? 0) + 1);
  }
  for (const m of matches) {
    if (linksOfPredicted.get(m.predicted)! >= 2 && linksOfGold.get(m.gold)! >= 2) {
      linksOfPredicted.set(m.predicted, linksOfPredicted.get(m.predicted)! - 1);
      linksOfGold.set(m.gold, linksOfGold.get(m.gold)! - 1);
    } else error += m.cost;
  }
  return { error, union, symmetricDifference };
}

function unique(labels: readonly number[]): number[] {
  return [...new Set(labels)].filter((l) => l !== ROOT).sort((a, b) => a - b);
}
