import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import { InputError } from "../errors/input-error.ts";
import type { DocumentLabels, LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import { mostSpecific } from "../measures/lca/hemkit-meeting-pairs.ts";
import { lcaWithSet } from "../measures/lca/lca-graph.ts";
import { PreparedDocument } from "../scoring/prepared-document.ts";
import { scoringContext, type ScoringContext } from "../scoring/scoring-context.ts";
import { ROOT, type Taxonomy } from "../taxonomy/taxonomy.ts";

/**
 * Where a false positive lands, from the LCA of the predicted label with its nearest gold label
 * (among the document's most specific gold labels):
 * below a gold label (too specific), above one (too general), beside one under the same parent
 * (sibling), elsewhere in the same top-level branch, in another top-level category, or in a
 * document with no gold label at all.
 */
export const ERROR_KINDS = ["tooSpecific", "tooGeneral", "sibling", "sameBranch", "otherTopLevel", "noGold"] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Counts of one view (as written or with ancestors), indexed by node id (0, the root, unused). */
export interface ViewCounts {
  /** Documents whose gold holds the node. */
  readonly support: Uint32Array;
  /** Documents whose prediction holds the node. */
  readonly predicted: Uint32Array;
  /** Documents whose gold and prediction both hold it. */
  readonly tp: Uint32Array;
}

export interface Confusion {
  readonly gold: number;
  readonly predicted: number;
  readonly count: number;
}

export interface NodeStatistics {
  readonly taxonomy: Taxonomy;
  /** Flat: labels as written (sums are the flat family's micro TP, FP and FN). */
  readonly written: ViewCounts;
  /** Set-based: a node counts when it or a descendant is in the set (sums are the hierarchical family's micro counts). */
  readonly ancestors: ViewCounts;
  /** The written false positives of each predicted node by kind: `errorKinds[k][node]` for `ERROR_KINDS[k]`. */
  readonly errorKinds: readonly Uint32Array[];
  /** Written false positives by the depth of their LCA with the nearest gold label (index = depth; no gold not counted). */
  readonly lcaDepths: readonly number[];
  /** The most frequent confusions (nearest gold label → predicted label), most frequent first, ties by ids. */
  readonly confusions: readonly Confusion[];
}

export interface NodeStatisticsInput {
  readonly taxonomy: Taxonomy;
  readonly gold: LabelFile;
  readonly pred: LabelFile;
  readonly missingDocuments?: MissingDocumentPolicy;
  /** Soft scores at or above it are predicted labels (default 0.5, as in `evaluate`). */
  readonly threshold?: number;
  /** Length of the confusion list (default 20). */
  readonly confusionLimit?: number;
}

/**
 * Per-node counts of one prediction in two views, and where its false positives go. Linear in
 * the (document, label) pairs times the depth: each document adds its labels as written, their
 * ancestor closures, and for each false positive one `lcaWithSet` against the document's gold.
 *
 * @example
 * const stats = nodeStatistics({ taxonomy, gold, pred });
 * stats.written.tp[taxonomy.id("Arts")!]; // documents with Arts in both gold and prediction
 */
export function nodeStatistics(input: NodeStatisticsInput): NodeStatistics {
  checkPredictionIds(input.gold, input.pred, { missingDocuments: input.missingDocuments });
  const counter = new NodeStatisticsCounter(input.taxonomy, { threshold: input.threshold });
  for (const entry of input.gold.entries.values()) counter.addDocument(entry, input.pred.entries.get(entry.id));
  return counter.finish(input.confusionLimit ?? 20);
}

/**
 * The per-node statistics as a sum over documents, for a file counted in parts (shards): every
 * count is an integer, so adding the parts' statistics (`add`, each finished with every
 * confusion: `finish(Infinity)`) gives exactly the statistics of the whole file, and the top
 * confusions are cut only at the end.
 *
 * @example
 * const whole = new NodeStatisticsCounter(taxonomy);
 * for (const part of parts) whole.add(part); // each part: counter.finish(Infinity)
 * whole.finish(); // equals nodeStatistics over all documents
 */
export class NodeStatisticsCounter {
  readonly #taxonomy: Taxonomy;
  readonly #ctx: ScoringContext;
  readonly #written: ViewCounts;
  readonly #ancestors: ViewCounts;
  readonly #errorKinds: Uint32Array[];
  readonly #lcaDepths: number[];
  /** Confusion counts by `gold * nodeCount + predicted`. */
  readonly #confusions = new Map<number, number>();

  constructor(taxonomy: Taxonomy, opts: { threshold?: number } = {}) {
    this.#taxonomy = taxonomy;
    this.#ctx = scoringContext(taxonomy, { threshold: opts.threshold });
    const n = taxonomy.nodeCount;
    const view = (): ViewCounts => ({ support: new Uint32Array(n), predicted: new Uint32Array(n), tp: new Uint32Array(n) });
    this.#written = view();
    this.#ancestors = view();
    this.#errorKinds = ERROR_KINDS.map(() => new Uint32Array(n));
    this.#lcaDepths = new Array<number>(taxonomy.maxDepth + 1).fill(0);
  }

  /** One gold document and its prediction (undefined: the prediction lacks it, an empty one). */
  addDocument(gold: DocumentLabels, prediction: DocumentLabels | undefined): void {
    const taxonomy = this.#taxonomy;
    const n = taxonomy.nodeCount;
    const written = this.#written;
    const ancestors = this.#ancestors;
    const doc = new PreparedDocument(gold, prediction, this.#ctx);
    const goldLabels = doc.goldLabels;
    // Compared with the most specific gold labels: an ancestor written beside its descendant would always be nearest.
    let specific: number[] | undefined;
    for (const label of goldLabels) written.support[label]! += 1;
    for (const label of doc.predictedLabels) {
      written.predicted[label]! += 1;
      if (goldLabels.includes(label)) {
        written.tp[label]! += 1;
        continue;
      }
      specific ??= mostSpecific(taxonomy, goldLabels);
      const landing = landingOf(taxonomy, label, specific);
      this.#errorKinds[ERROR_KINDS.indexOf(landing.kind)]![label]! += 1;
      if (landing.partner === undefined) continue;
      this.#lcaDepths[taxonomy.depth[landing.lca]!]! += 1;
      this.#addConfusion(landing.partner * n + label, 1);
    }
    const goldClosure = doc.goldClosure;
    for (const node of goldClosure) ancestors.support[node]! += 1;
    for (const node of doc.predictedClosure) {
      ancestors.predicted[node]! += 1;
      if (goldClosure.has(node)) ancestors.tp[node]! += 1;
    }
  }

  /** Another part's statistics over other documents of the same taxonomy, with every confusion (`finish(Infinity)`). */
  add(part: NodeStatistics): void {
    const n = this.#taxonomy.nodeCount;
    if (part.taxonomy.nodeCount !== n)
      throw new InputError("BAD_OPTION", `expected statistics over a taxonomy of ${n} nodes, got one of ${part.taxonomy.nodeCount}`);
    const into = (target: Uint32Array, source: Uint32Array) => {
      for (let node = 0; node < n; node++) target[node]! += source[node]!;
    };
    for (const key of ["support", "predicted", "tp"] as const) {
      into(this.#written[key], part.written[key]);
      into(this.#ancestors[key], part.ancestors[key]);
    }
    part.errorKinds.forEach((kind, k) => into(this.#errorKinds[k]!, kind));
    part.lcaDepths.forEach((count, depth) => {
      this.#lcaDepths[depth] = (this.#lcaDepths[depth] ?? 0) + count;
    });
    for (const c of part.confusions) this.#addConfusion(c.gold * n + c.predicted, c.count);
  }

  /** The statistics so far, with the `confusionLimit` most frequent confusions (default 20). */
  finish(confusionLimit = 20): NodeStatistics {
    const n = this.#taxonomy.nodeCount;
    return {
      taxonomy: this.#taxonomy,
      written: this.#written,
      ancestors: this.#ancestors,
      errorKinds: this.#errorKinds,
      lcaDepths: this.#lcaDepths,
      confusions: topConfusions(this.#confusions, n, confusionLimit),
    };
  }

  #addConfusion(key: number, count: number): void {
    this.#confusions.set(key, (this.#confusions.get(key) ?? 0) + count);
  }
}

interface Landing {
  kind: ErrorKind;
  lca: number;
  partner?: number;
}

/** The LCA of a false positive with its nearest (most specific) gold label (the deepest LCA when several are nearest) and its kind. */
function landingOf(taxonomy: Taxonomy, label: number, gold: readonly number[]): Landing {
  if (gold.length === 0) return { kind: "noGold", lca: ROOT };
  const links = lcaWithSet(taxonomy, label, gold);
  let best = links[0]!;
  for (const link of links) if (taxonomy.depth[link.lca]! > taxonomy.depth[best.lca]!) best = link;
  const { lca, partner } = best;
  const kind: ErrorKind =
    lca === partner
      ? "tooSpecific"
      : lca === label
        ? "tooGeneral"
        : lca === ROOT
          ? "otherTopLevel"
          : taxonomy.isChildOf(label, lca) && taxonomy.isChildOf(partner, lca)
            ? "sibling"
            : "sameBranch";
  return { kind, lca, partner };
}

function topConfusions(counts: ReadonlyMap<number, number>, n: number, limit: number): Confusion[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([key, count]) => ({ gold: Math.floor(key / n), predicted: key % n, count }));
}
