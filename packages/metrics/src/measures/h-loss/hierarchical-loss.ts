import { type NodeStamps, stampsPerTaxonomy } from "../../collections/node-stamps.ts";
import { type ClosureMarks, closureMarksOf } from "../../scoring/closure-marks.ts";
import { InputError } from "../../errors/input-error.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

/** Cost coefficients c_i of the H-loss: 1 for every node, or split among siblings. */
export type HLossCosts = "uniform" | "siblings";

/**
 * Reads `extra.hLoss`: `{ costs: "uniform" | "siblings" }` (default "uniform").
 *
 * @example
 * hLossCosts(scoringContext(taxonomy, { extra: { hLoss: { costs: "siblings" } } })); // "siblings"
 */
export function hLossCosts(ctx: ScoringContext): HLossCosts {
  const raw = ctx.options.extra.hLoss as { costs?: unknown } | undefined;
  const costs = raw?.costs ?? "uniform";
  if (costs !== "uniform" && costs !== "siblings") {
    throw new InputError("BAD_OPTION", `expected hLoss.costs to be "uniform" or "siblings", got ${JSON.stringify(costs)}`);
  }
  return costs;
}

const siblingCostCache = new WeakMap<Taxonomy, Float64Array>();

/**
 * The normalised cost coefficients of Cesa-Bianchi, Gentile and Zaniboni
 * ("Incremental algorithms for hierarchical classification"; "Hierarchical
 * classification: combining Bayes with SVM"): c_i = c_par(i) / |child(par(i))|
 * with c = 1 at the (virtual) root, so a top-level node costs 1/|top level|
 * and the costs of any antichain sum to at most 1. In a DAG, c_i is the mean
 * of c_p / |child(p)| over the parents p of i. Computed once per taxonomy.
 *
 * @example
 * // root → A, B; A → A1, A2
 * siblingCosts(taxonomy); // A, B: 1/2; A1, A2: 1/4
 */
export function siblingCosts(taxonomy: Taxonomy): Float64Array {
  let costs = siblingCostCache.get(taxonomy);
  if (costs) return costs;
  costs = new Float64Array(taxonomy.nodeCount);
  costs[ROOT] = 1;
  // Breadth-first by shortest depth is not a topological order in a DAG, so visit a node once all its parents are done.
  const waiting = Int32Array.from(taxonomy.parents, (ps) => ps.length);
  const queue = [ROOT];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const share = costs[node]! / taxonomy.children[node]!.length;
    for (const child of taxonomy.children[node]!) {
      costs[child]! += share / taxonomy.parents[child]!.length;
      if (--waiting[child]! === 0) queue.push(child);
    }
  }
  siblingCostCache.set(taxonomy, costs);
  return costs;
}

/** One document's losses between ancestor-closed label sets. */
export interface DocumentLosses {
  /** l_H: Σ c_i over nodes i with [i ∈ G] ≠ [i ∈ P] whose every ancestor is right. */
  readonly hLoss: number;
  /** l_Δ = |G Δ P|. */
  readonly symmetricDifference: number;
  /** l_0/1 = [G ≠ P]. */
  readonly zeroOne: number;
}

/**
 * The H-loss of Cesa-Bianchi et al. ("Incremental algorithms for
 * hierarchical classification"), as reviewed in "An Extensive Evaluation of
 * Decision Tree-Based Hierarchical Multi-Label Classification Methods and
 * Performance Measures" (Eq. 4–6), on the gold and predicted label sets
 * closed under ancestors (multi-labels that respect the hierarchy):
 *
 * l_H(G, P) = Σ_i c_i · [ [i∈G] ≠ [i∈P] ∧ [j∈G] = [j∈P] for every ancestor j of i ],
 * l_Δ(G, P) = Σ_i [ [i∈G] ≠ [i∈P] ],  l_0/1(G, P) = [G ≠ P],
 *
 * so a mistake below a mistake is not charged again; with c_i = 1,
 * l_0/1 ≤ l_H ≤ l_Δ. `costs` undefined means c_i = 1.
 *
 * @example
 * // root → A, B; A → A1, A2; A1 → A11; B → B1
 * documentLosses(taxonomy, closure(["A11"]), closure(["A2", "B1"]));
 * // G Δ P = {A1, A11, A2, B, B1}: { hLoss: 3 (A1, A2, B), symmetricDifference: 5, zeroOne: 1 }
 */
export function documentLosses(
  taxonomy: Taxonomy,
  gold: ReadonlySet<number>,
  predicted: ReadonlySet<number>,
  costs?: Float64Array,
): DocumentLosses {
  const marks = closureMarksOf(taxonomy);
  marks.mark(gold, predicted);
  return markedLosses(taxonomy, marks, costs);
}

/** The wrong nodes of a document, in a table made once per taxonomy. */
const wrongNodes = stampsPerTaxonomy();

const NO_LOSS: DocumentLosses = { hLoss: 0, symmetricDifference: 0, zeroOne: 0 };

/** `documentLosses` of the closures marked in `marks` (a document's `closureMarks`). */
export function markedLosses(taxonomy: Taxonomy, marks: ClosureMarks, costs?: Float64Array): DocumentLosses {
  const { goldNodes, goldCount, predictedNodes, predictedCount } = marks;
  const wrongSet = wrongNodes(taxonomy);
  wrongSet.begin();
  let wrong = 0;
  for (let i = 0; i < goldCount; i++) {
    if (marks.inPredicted(goldNodes[i]!)) continue;
    wrongSet.add(goldNodes[i]!);
    wrong += 1;
  }
  for (let i = 0; i < predictedCount; i++) {
    if (marks.inGold(predictedNodes[i]!)) continue;
    wrongSet.add(predictedNodes[i]!);
    wrong += 1;
  }
  if (wrong === 0) return NO_LOSS;
  // The wrong nodes in the same order, gold's first: the costs add up in that order.
  let hLoss = 0;
  for (let i = 0; i < goldCount; i++) {
    const node = goldNodes[i]!;
    if (!marks.inPredicted(node) && !hasAncestorIn(taxonomy.ancestors[node]!, wrongSet)) hLoss += costs ? costs[node]! : 1;
  }
  for (let i = 0; i < predictedCount; i++) {
    const node = predictedNodes[i]!;
    if (!marks.inGold(node) && !hasAncestorIn(taxonomy.ancestors[node]!, wrongSet)) hLoss += costs ? costs[node]! : 1;
  }
  return { hLoss, symmetricDifference: wrong, zeroOne: 1 };
}

function hasAncestorIn(ancestors: Int32Array, nodes: NodeStamps): boolean {
  for (let i = 0; i < ancestors.length; i++) if (nodes.has(ancestors[i]!)) return true;
  return false;
}
