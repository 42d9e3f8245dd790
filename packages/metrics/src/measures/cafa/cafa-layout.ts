import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { ROOT } from "../../taxonomy/taxonomy.ts";
import { cafaOptions, cafaThresholds, type CafaOptions } from "./cafa-options.ts";

/** Per-namespace statistics ahead of the per-threshold rows. */
export const N_GOLD = 0; // proteins with gold in the namespace
export const GOLD_SIZE = 1; // Σ |Gp| over the terms of interest T
export const GOLD_SIZE_W = 2; // Σ w(Gp) over T_w
export const N_PREDICTING = 3; // gold proteins with at least one kept prediction in the namespace
export const HEAD = 4;

/** Per-threshold statistics, summed over the namespace's gold proteins. */
export const ROW_N = 0; // proteins with |P| > 0
export const ROW_PR = 1; // Σ tp / |P|
export const ROW_RC = 2; // Σ tp / |Gp|
export const ROW_TP = 3;
export const ROW_P = 4; // Σ |P|
export const WEIGHTED = 5; // the same five, IA-weighted, follow
export const ROW = 10;

/** Where each statistic lives, plus what `count` needs per node, for one scoring context. */
export interface CafaLayout {
  readonly options: CafaOptions;
  readonly thresholds: Float64Array;
  /** Top-level nodes: one namespace each. */
  readonly roots: readonly number[];
  /** Namespace index of each node, −1 for the root of the taxonomy. */
  readonly namespaceOf: Int32Array;
  /** 1 when a node counts in the unweighted measures (not an excluded namespace root). */
  readonly ofInterest: Uint8Array;
  /** IA weight of each node (0 when absent or without an IA file). */
  readonly weights: Float64Array;
  readonly weighted: boolean;
  /** Statistics per namespace: HEAD + ROW × thresholds. */
  readonly stride: number;
  readonly width: number;
  /** Scratch, all 0 between documents: raw scores, propagated scores, and what children pushed up. */
  readonly raw: Float64Array;
  readonly propagated: Float64Array;
  readonly fromChildren: Float64Array;
  /** Scratch: 1 for a node in `touched`, and the nodes a document's scores reach (scored ones and their ancestors). */
  readonly mark: Uint8Array;
  readonly touched: Int32Array;
  /** How many entries of `touched` the current document filled. */
  count: number;
  /** Rank of each node in an order that puts every child before its parents. */
  readonly rank: Int32Array;
  /** Scratch per namespace × threshold: predicted and true-positive counts and weights at exactly that level. */
  readonly levels: Float64Array;
}

const layouts = new WeakMap<ScoringContext, CafaLayout>();

/** The layout of a context, made once (the typed options come with it). */
export function cafaLayout(ctx: ScoringContext): CafaLayout {
  let layout = layouts.get(ctx);
  if (layout) return layout;
  const options = cafaOptions(ctx.options.extra);
  const { taxonomy } = ctx;
  const size = taxonomy.size;
  const roots = [...taxonomy.children[ROOT]!];
  const namespaceOf = new Int32Array(size + 1).fill(-1);
  roots.forEach((root, j) => {
    namespaceOf[root] = j;
  });
  const ofInterest = new Uint8Array(size + 1);
  for (let node = 1; node <= size; node++) {
    const ancestors = taxonomy.ancestors[node]!;
    if (namespaceOf[node] === -1) {
      // the first top-level ancestor (a namespace's terms lie below one root)
      for (const a of ancestors)
        if (taxonomy.parents[a]!.length === 1 && taxonomy.parents[a]![0] === ROOT) namespaceOf[node] = namespaceOf[a]!;
    }
    const isRoot = taxonomy.parents[node]!.every((p) => p === ROOT);
    ofInterest[node] = options.excludeRoots && isRoot ? 0 : 1;
  }
  const weights = new Float64Array(size + 1);
  if (options.ia) {
    for (const [term, weight] of options.ia) {
      const node = taxonomy.ids.get(term);
      if (node !== undefined && node !== ROOT && Number.isFinite(weight) && weight > 0) weights[node] = weight;
    }
  }
  const thresholds = cafaThresholds(options.thresholdStep);
  const stride = HEAD + ROW * thresholds.length;
  layout = {
    options,
    thresholds,
    roots,
    namespaceOf,
    ofInterest,
    weights,
    weighted: options.ia !== undefined,
    stride,
    width: stride * roots.length,
    raw: new Float64Array(size + 1),
    propagated: new Float64Array(size + 1),
    fromChildren: new Float64Array(size + 1),
    mark: new Uint8Array(size + 1),
    touched: new Int32Array(size + 1),
    count: 0,
    rank: childrenFirstRanks(taxonomy.ancestors),
    levels: new Float64Array(roots.length * thresholds.length * 4),
  };
  layouts.set(ctx, layout);
  return layout;
}

/** A child has strictly more ancestors than each of its parents, so more ancestors first is children first. */
function childrenFirstRanks(ancestors: readonly Int32Array[]): Int32Array {
  const nodes = Int32Array.from(ancestors.keys()).sort((a, b) => ancestors[b]!.length - ancestors[a]!.length);
  const rank = new Int32Array(ancestors.length);
  nodes.forEach((node, i) => {
    rank[node] = i;
  });
  return rank;
}
