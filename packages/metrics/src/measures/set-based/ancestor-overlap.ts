import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import type { SetOverlap } from "./descendant-augmentation.ts";

const IN_GOLD = 1;
const IN_PREDICTED = 2;

/**
 * |Ĝ ∩ P̂|, |P̂| and |Ĝ| of the ancestor-augmented sets (each label with all its ancestors, the
 * root excluded), counted by marking the nodes in a scratch array of the taxonomy instead of
 * building two Sets a document: the same counts as `PreparedDocument.goldClosure` and
 * `predictedClosure`, whole numbers, without the garbage.
 *
 * @example
 * // root → A → A1, A → A2: gold {A1}, predicted {A2}: Ĝ = {A, A1}, P̂ = {A, A2}
 * ancestorOverlap(taxonomy, [a1], [a2]); // { tp: 1, predicted: 2, gold: 2 }
 */
export function ancestorOverlap(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[]): SetOverlap {
  const marks = scratchMarks(taxonomy);
  const ancestors = taxonomy.ancestors;
  let goldSize = 0;
  for (const label of gold) {
    if (marks[label] === 0) goldSize += 1;
    marks[label] = IN_GOLD;
    const above = ancestors[label]!;
    for (let i = 0; i < above.length; i++) {
      if (marks[above[i]!] === 0) goldSize += 1;
      marks[above[i]!] = IN_GOLD;
    }
  }
  let predictedSize = 0;
  let tp = 0;
  for (const label of predicted) {
    const above = ancestors[label]!;
    // The label itself at i = -1, then its ancestors.
    for (let i = -1; i < above.length; i++) {
      const node = i < 0 ? label : above[i]!;
      const mark = marks[node]!;
      if ((mark & IN_PREDICTED) !== 0) continue;
      predictedSize += 1;
      if (mark === IN_GOLD) tp += 1;
      marks[node] = mark | IN_PREDICTED;
    }
  }
  // All 0 again for the next document: the same nodes, walked again while they are in cache.
  for (const labels of [gold, predicted]) {
    for (const label of labels) {
      marks[label] = 0;
      const above = ancestors[label]!;
      for (let i = 0; i < above.length; i++) marks[above[i]!] = 0;
    }
  }
  return { tp, predicted: predictedSize, gold: goldSize };
}

const scratch = new WeakMap<Taxonomy, Uint8Array>();

function scratchMarks(taxonomy: Taxonomy): Uint8Array {
  let marks = scratch.get(taxonomy);
  if (!marks) scratch.set(taxonomy, (marks = new Uint8Array(taxonomy.nodeCount)));
  return marks;
}
