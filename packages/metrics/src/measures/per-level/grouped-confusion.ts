import type { StatSink, UndefinedMeasures } from "../../scoring/measure-family.ts";
import type { ClosureMarks } from "../../scoring/closure-marks.ts";
import type { PreparedDocument } from "../../scoring/prepared-document.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { countRates, type CountRates } from "./count-rates.ts";

/** Statistics per group: TP, FP, FN of the flat view, then of the ancestor-augmented view. */
const GROUP = statisticSlots("flatTp", "flatFp", "flatFn", "augmentedTp", "augmentedFp", "augmentedFn");
const { augmentedTp: AUGMENTED } = GROUP.at;
export const GROUP_STRIDE = GROUP.width;

/**
 * Counts one document's TP/FP/FN restricted to groups of labels (a depth, a
 * top-level subtree), in two views: the labels as written (flat) and the
 * labels closed under ancestors (augmented). A label counts in every group
 * `groupsOf` gives it (a DAG node can sit under several top-level nodes).
 * Group g's counts go to `sink` at GROUP_STRIDE·g + (0..5).
 *
 * TP_g = |G ∩ P ∩ g|, FP_g = |(P \ G) ∩ g|, FN_g = |(G \ P) ∩ g|.
 *
 * @example
 * // perLevel's grouping, one group per depth. Gold {A, A11}, predicted {A, A12} (A → A1 → A11, A12):
 * countGroupedConfusion(doc, (node) => [taxonomy.depth[node]! - 1], sink);
 * // flat: depth 1 TP 1 (index 0); depth 3 FP 1, FN 1 (indices 13, 14)
 * // augmented: depth 1 TP 1 (3), depth 2 TP 1 (9), depth 3 FP 1, FN 1 (16, 17)
 */
export function countGroupedConfusion(doc: PreparedDocument, groupsOf: GroupsOf, sink: StatSink): void {
  if (doc !== entriesDocument) {
    entryCount = 0;
    countFlatView(doc.goldLabels, doc.predictedLabels);
    countView(doc.closureMarks, AUGMENTED);
    entriesDocument = doc;
  }
  for (let e = 0; e < entryCount; e++) {
    const entry = entries[e]!;
    const node = entry >> 3;
    const groups = typeof groupsOf === "function" ? groupsOf(node) : groupsOf[node]!;
    for (let i = 0; i < groups.length; i++) sink.add(GROUP_STRIDE * groups[i]! + (entry & 7), 1);
  }
}

/** The groups of each node: a table by node id (made once, no call a label), or a function. */
export type GroupsOf = readonly ArrayLike<number>[] | ((node: number) => ArrayLike<number>);

/**
 * The last document's counts, whatever the grouping: node · 8 + its statistic within a group
 * (0–5), in the order counted. perLevel and perSubtree count the same document one after the
 * other, so the views are made once for both; a document's labels never change.
 */
let entriesDocument: PreparedDocument | undefined;
let entries = new Int32Array(64);
let entryCount = 0;

function addEntry(node: number, statistic: number): void {
  if (entryCount === entries.length) {
    const grown = new Int32Array(2 * entries.length);
    grown.set(entries);
    entries = grown;
  }
  entries[entryCount++] = node * 8 + statistic;
}

const GOLD = 1;
const SEEN = 2;
const DONE = 4;
/** One mark a node, all 0 between calls; grown to the largest node id seen. */
let marks = new Uint8Array(1024);

/**
 * The labels as written, each counted once, predicted labels first, each
 * list in the order given (as two Sets would iterate them): marks in a
 * scratch array, cleared on the way out, rather than two Sets a document.
 */
function countFlatView(gold: readonly number[], predicted: readonly number[]): void {
  let largest = 0;
  for (const node of gold) largest = Math.max(largest, node);
  for (const node of predicted) largest = Math.max(largest, node);
  if (largest >= marks.length) marks = new Uint8Array(2 * largest + 2);
  try {
    for (const node of gold) marks[node] = GOLD;
    for (const node of predicted) {
      if ((marks[node]! & SEEN) !== 0) continue;
      marks[node]! |= SEEN;
      addEntry(node, (marks[node]! & GOLD) !== 0 ? 0 : 1);
    }
    for (const node of gold) {
      if (marks[node] === GOLD) addEntry(node, 2);
      marks[node] = GOLD | SEEN | DONE;
    }
  } finally {
    for (const node of gold) marks[node] = 0;
    for (const node of predicted) marks[node] = 0;
  }
}

function countView(marks: ClosureMarks, offset: number): void {
  const { goldNodes, goldCount, predictedNodes, predictedCount } = marks;
  for (let i = 0; i < predictedCount; i++) addEntry(predictedNodes[i]!, offset + (marks.inGold(predictedNodes[i]!) ? 0 : 1));
  for (let i = 0; i < goldCount; i++) if (!marks.inPredicted(goldNodes[i]!)) addEntry(goldNodes[i]!, offset + 2);
}

/**
 * One group's reduced counts: `{ flat: {tp, fp, fn, precision, recall, f1}, augmented: {…} }`.
 *
 * @example
 * groupRates(Float64Array.of(1, 1, 0, 2, 0, 2), 0, "levels.1", new UndefinedMeasures());
 * // { flat: { tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1, f1: 2/3 }, augmented: { tp: 2, fp: 0, fn: 2, precision: 1, recall: 0.5, f1: 2/3 } }
 */
export function groupRates(
  sums: Float64Array,
  group: number,
  name: string,
  undefinedMeasures: UndefinedMeasures,
): { flat: CountRates; augmented: CountRates } {
  const base = GROUP_STRIDE * group;
  const at = GROUP.at;
  return {
    flat: countRates(sums[base + at.flatTp]!, sums[base + at.flatFp]!, sums[base + at.flatFn]!, name, undefinedMeasures, ".flat"),
    augmented: countRates(
      sums[base + at.augmentedTp]!,
      sums[base + at.augmentedFp]!,
      sums[base + at.augmentedFn]!,
      name,
      undefinedMeasures,
      ".augmented",
    ),
  };
}
