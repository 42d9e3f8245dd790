import type { Taxonomy } from "../taxonomy/taxonomy.ts";

const IN_GOLD = 1;
const IN_PREDICTED = 2;

/**
 * Two node sets (a document's gold and predicted ancestor closures) as lists, in the Sets'
 * order, with a membership mark a node, in tables made once per taxonomy (`closureMarksOf`): the
 * families that walk the closures and ask for membership (distance, H-loss, soft, perLevel,
 * perSubtree) read arrays instead of iterating and probing Sets. The tables hold the sets last
 * `mark`ed; `PreparedDocument.closureMarks` marks a document's closures once for all of them.
 *
 * @example
 * const marks = closureMarksOf(taxonomy);
 * marks.mark(new Set([A, A1]), new Set([A, B]));
 * marks.goldCount; // 2
 * marks.inGold(A1); marks.inPredicted(A1); // true, false
 */
export class ClosureMarks {
  goldNodes: Int32Array = new Int32Array(64);
  goldCount = 0;
  predictedNodes: Int32Array = new Int32Array(64);
  predictedCount = 0;
  /** The document whose closures are marked (set by `PreparedDocument.closureMarks`), undefined after any other `mark`. */
  owner: object | undefined;
  readonly #marks: Uint8Array;

  constructor(nodeCount: number) {
    this.#marks = new Uint8Array(nodeCount);
  }

  /** Marks `gold` and `predicted` instead of the sets marked before. */
  mark(gold: Iterable<number>, predicted: Iterable<number>): void {
    const marks = this.#marks;
    for (let i = 0; i < this.goldCount; i++) marks[this.goldNodes[i]!] = 0;
    for (let i = 0; i < this.predictedCount; i++) marks[this.predictedNodes[i]!] = 0;
    this.owner = undefined;
    this.goldCount = 0;
    for (const node of gold) {
      if (this.goldCount === this.goldNodes.length) this.goldNodes = grown(this.goldNodes);
      this.goldNodes[this.goldCount++] = node;
      marks[node]! |= IN_GOLD;
    }
    this.predictedCount = 0;
    for (const node of predicted) {
      if (this.predictedCount === this.predictedNodes.length) this.predictedNodes = grown(this.predictedNodes);
      this.predictedNodes[this.predictedCount++] = node;
      marks[node]! |= IN_PREDICTED;
    }
  }

  inGold(node: number): boolean {
    return (this.#marks[node]! & IN_GOLD) !== 0;
  }

  inPredicted(node: number): boolean {
    return (this.#marks[node]! & IN_PREDICTED) !== 0;
  }
}

function grown(nodes: Int32Array): Int32Array {
  const bigger = new Int32Array(2 * nodes.length);
  bigger.set(nodes);
  return bigger;
}

const made = new WeakMap<Taxonomy, ClosureMarks>();

/** The taxonomy's closure marks, made on first use. */
export function closureMarksOf(taxonomy: Taxonomy): ClosureMarks {
  let marks = made.get(taxonomy);
  if (!marks) made.set(taxonomy, (marks = new ClosureMarks(taxonomy.nodeCount)));
  return marks;
}
