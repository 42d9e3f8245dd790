import { InputError } from "../../errors/input-error.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { ROOT, type Taxonomy } from "../../taxonomy/taxonomy.ts";

/** How the set-based family augments label sets: with ancestors (Kiritchenko, default) or descendants (Ipeirotis). */
export type SetAugmentation = "ancestors" | "descendants";

/**
 * Reads `extra.setBased`: `{ augment: "ancestors" | "descendants" }` (default "ancestors").
 *
 * @example
 * setAugmentation(scoringContext(taxonomy, { extra: { setBased: { augment: "descendants" } } })); // "descendants"
 */
export function setAugmentation(ctx: ScoringContext): SetAugmentation {
  const augment = (ctx.options.extra.setBased as { augment?: unknown } | undefined)?.augment ?? "ancestors";
  if (augment !== "ancestors" && augment !== "descendants") {
    throw new InputError("BAD_OPTION", `expected setBased.augment to be "ancestors" or "descendants", got ${JSON.stringify(augment)}`);
  }
  return augment;
}

/** |Ĝ ∩ P̂|, |P̂| and |Ĝ| of one document. */
export interface SetOverlap {
  readonly tp: number;
  readonly predicted: number;
  readonly gold: number;
}

/**
 * The descendant-augmented sets of Ipeirotis et al. ("Probe, count, and
 * classify: categorizing hidden web databases"), as reviewed in "An Extensive
 * Evaluation of Decision Tree-Based Hierarchical Multi-Label Classification
 * Methods and Performance Measures" (section 2.1.1): Ĉ = ∪_{c ∈ C} Descendants(c),
 * each class counting as its own descendant; returns |Ĝ ∩ P̂|, |P̂|, |Ĝ| for
 * hP = Σ|Ĝ∩P̂| / Σ|P̂| and hR = Σ|Ĝ∩P̂| / Σ|Ĝ|.
 *
 * In a tree the subtrees of the topmost labels are disjoint, so the sizes come
 * from cached subtree sizes without listing a subtree: for topmost g and p,
 * subtree(g) ∩ subtree(p) is the deeper one's subtree when one lies under the
 * other, else empty. In a DAG the sets are listed (cost O(|Ĝ| + |P̂|)).
 *
 * @example
 * // root → A → A1 → A11, A12; A → A2; root → B → B1.
 * // Gold {A11}, predicted {A1}: Ĝ = {A11}, P̂ = {A1, A11, A12}
 * descendantOverlap(taxonomy, [a11], [a1]); // { tp: 1, predicted: 3, gold: 1 }
 */
export function descendantOverlap(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[]): SetOverlap {
  if (taxonomy.isDag) return listedOverlap(taxonomy, gold, predicted);
  const sizes = subtreeSizes(taxonomy);
  const topGold = topmost(taxonomy, gold);
  const topPredicted = topmost(taxonomy, predicted);
  let tp = 0;
  for (const g of topGold) {
    for (const p of topPredicted) {
      if (g === p || taxonomy.ancestors[p]!.includes(g)) tp += sizes[p]!;
      else if (taxonomy.ancestors[g]!.includes(p)) tp += sizes[g]!;
    }
  }
  let goldSize = 0;
  for (const g of topGold) goldSize += sizes[g]!;
  let predictedSize = 0;
  for (const p of topPredicted) predictedSize += sizes[p]!;
  return { tp, predicted: predictedSize, gold: goldSize };
}

/**
 * The same as `descendantOverlap` by listing both descendant closures (any taxonomy, cost O(|Ĝ| + |P̂|)).
 *
 * @example
 * // root → X → Z, root → Y → Z, Z → W. Gold {X}, predicted {Y}: Ĝ = {X, Z, W}, P̂ = {Y, Z, W}
 * listedOverlap(dag, [x], [y]); // { tp: 2, predicted: 3, gold: 3 }
 */
export function listedOverlap(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[]): SetOverlap {
  const goldSet = descendantClosure(taxonomy, gold);
  const predictedSet = descendantClosure(taxonomy, predicted);
  let tp = 0;
  for (const node of predictedSet) if (goldSet.has(node)) tp += 1;
  return { tp, predicted: predictedSet.size, gold: goldSet.size };
}

function descendantClosure(taxonomy: Taxonomy, labels: readonly number[]): Set<number> {
  const set = new Set<number>();
  const stack = [...labels];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (set.has(node)) continue;
    set.add(node);
    for (const child of taxonomy.children[node]!) if (!set.has(child)) stack.push(child);
  }
  return set;
}

/** Labels with no other label of the set above them (duplicates removed). */
function topmost(taxonomy: Taxonomy, labels: readonly number[]): number[] {
  const unique = [...new Set(labels)];
  if (unique.length < 2) return unique;
  const present = new Set(unique);
  return unique.filter((label) => !taxonomy.ancestors[label]!.some((a) => present.has(a)));
}

const sizeCache = new WeakMap<Taxonomy, Int32Array>();

/** Number of nodes in each node's subtree, itself included (trees only). */
function subtreeSizes(taxonomy: Taxonomy): Int32Array {
  let sizes = sizeCache.get(taxonomy);
  if (sizes) return sizes;
  sizes = new Int32Array(taxonomy.nodeCount).fill(1);
  const order = [ROOT];
  for (let head = 0; head < order.length; head++) order.push(...taxonomy.children[order[head]!]!);
  for (let i = order.length - 1; i > 0; i--) {
    const node = order[i]!;
    sizes[taxonomy.parents[node]![0]!]! += sizes[node]!;
  }
  sizeCache.set(taxonomy, sizes);
  return sizes;
}
