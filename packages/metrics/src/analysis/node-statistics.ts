import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import type { LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import { mostSpecific } from "../measures/lca/hemkit-meeting-pairs.ts";
import { lcaWithSet } from "../measures/lca/lca-graph.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
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
  const { taxonomy } = input;
  const ctx = scoringContext(taxonomy, { threshold: input.threshold });
  checkPredictionIds(input.gold, input.pred, { missingDocuments: input.missingDocuments });
  const n = taxonomy.nodeCount;
  const view = (): ViewCounts => ({ support: new Uint32Array(n), predicted: new Uint32Array(n), tp: new Uint32Array(n) });
  const written = view();
  const ancestors = view();
  const errorKinds = ERROR_KINDS.map(() => new Uint32Array(n));
  const lcaDepths = new Array<number>(taxonomy.maxDepth + 1).fill(0);
  const confusions = new Map<number, number>();
  for (const doc of prepareDocuments(ctx, input.gold, input.pred)) {
    const gold = doc.goldLabels;
    // Compared with the most specific gold labels: an ancestor written beside its descendant would always be nearest.
    let specific: number[] | undefined;
    for (const label of gold) written.support[label]! += 1;
    for (const label of doc.predictedLabels) {
      written.predicted[label]! += 1;
      if (gold.includes(label)) {
        written.tp[label]! += 1;
        continue;
      }
      specific ??= mostSpecific(taxonomy, gold);
      const landing = landingOf(taxonomy, label, specific);
      errorKinds[ERROR_KINDS.indexOf(landing.kind)]![label]! += 1;
      if (landing.partner === undefined) continue;
      lcaDepths[taxonomy.depth[landing.lca]!]! += 1;
      const key = landing.partner * n + label;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
    }
    const goldClosure = doc.goldClosure;
    for (const node of goldClosure) ancestors.support[node]! += 1;
    for (const node of doc.predictedClosure) {
      ancestors.predicted[node]! += 1;
      if (goldClosure.has(node)) ancestors.tp[node]! += 1;
    }
  }
  return { taxonomy, written, ancestors, errorKinds, lcaDepths, confusions: topConfusions(confusions, n, input.confusionLimit ?? 20) };
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
