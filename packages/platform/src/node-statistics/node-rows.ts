import { ERROR_KINDS, ROOT, type ErrorKind, type TaxonomyShape } from "@hierboard/metrics";
import type { DecodedNodeStatistics } from "./node-statistics-codec.ts";

export type NodeView = "written" | "ancestors";
export const NODE_VIEWS: readonly NodeView[] = ["written", "ancestors"];

/** One node's statistics in one view, with the measures derived from its counts (null where undefined). */
export interface NodeRow {
  label: string;
  depth: number;
  /** Parent labels (null for a top-level node); several in a DAG, where the node is drawn under each. */
  parents: (string | null)[];
  /** Children with any statistics (the node can be opened). */
  children: number;
  support: number;
  predicted: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** (FP + FN) of the node over (FP + FN) of all nodes in this view. */
  errorShare: number;
  /** Gold or predicted documents at or below the node (the ancestors view): its size in the picture. */
  size: number;
  /** Written false positives by where they land (ERROR_KINDS). */
  landing: Record<ErrorKind, number>;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

// The row of each node (one typed array over the node ids: at 325k classes a Map of the rows took
// most of the explorer's first answer), once per decoded statistics and taxonomy (both cached),
// and each view's error total.
const rowIndexes = new WeakMap<DecodedNodeStatistics, Int32Array>();
const errorTotals = new WeakMap<DecodedNodeStatistics, Map<NodeView, number>>();

/** Row of each node id (−1: no statistics). */
function rowIndexOf(taxonomy: TaxonomyShape, stats: DecodedNodeStatistics): Int32Array {
  const known = rowIndexes.get(stats);
  if (known && known.length === taxonomy.nodeCount) return known;
  const index = new Int32Array(taxonomy.nodeCount).fill(-1);
  const { node } = stats.columns;
  for (let i = 0; i < stats.nodes; i++) if (node[i]! < index.length) index[node[i]!] = i;
  rowIndexes.set(stats, index);
  return index;
}

function errorTotalOf(stats: DecodedNodeStatistics, view: NodeView, support: Uint32Array, predicted: Uint32Array, tp: Uint32Array): number {
  let byView = errorTotals.get(stats);
  if (!byView) errorTotals.set(stats, (byView = new Map()));
  const known = byView.get(view);
  if (known !== undefined) return known;
  let errors = 0;
  for (let i = 0; i < stats.nodes; i++) errors += support[i]! + predicted[i]! - 2 * tp[i]!;
  byView.set(view, errors);
  return errors;
}

/** The view's rows by node id, over the stored sparse nodes. */
export function nodeRows(taxonomy: TaxonomyShape, stats: DecodedNodeStatistics, view: NodeView) {
  const c = stats.columns;
  const [support, predicted, tp] =
    view === "written" ? [c.writtenSupport, c.writtenPredicted, c.writtenTp] : [c.ancestorsSupport, c.ancestorsPredicted, c.ancestorsTp];
  const index = rowIndexOf(taxonomy, stats);
  const errors = errorTotalOf(stats, view, support, predicted, tp);
  const has = (node: number) => (index[node] ?? -1) >= 0;
  const rowOf = (node: number): NodeRow => {
    const i = index[node]!;
    const [s, p, t] = [support[i]!, predicted[i]!, tp[i]!];
    const precision = ratio(t, p);
    const recall = ratio(t, s);
    let children = 0;
    for (const child of taxonomy.childrenOf(node)) if (has(child)) children += 1;
    return {
      label: taxonomy.names[node]!,
      depth: taxonomy.depth[node]!,
      parents: Array.from(taxonomy.parentsOf(node), (parent) => (parent === ROOT ? null : taxonomy.names[parent]!)),
      children,
      support: s,
      predicted: p,
      tp: t,
      fp: p - t,
      fn: s - t,
      precision,
      recall,
      f1: s + p === 0 ? null : (2 * t) / (s + p),
      errorShare: errors === 0 ? 0 : (s + p - 2 * t) / errors,
      size: c.ancestorsSupport[i]! + c.ancestorsPredicted[i]! - c.ancestorsTp[i]!,
      landing: Object.fromEntries(ERROR_KINDS.map((kind) => [kind, c[kind][i]!])) as Record<ErrorKind, number>,
    };
  };
  return { has, rowOf, totals: { errors } };
}

/** The nodes with statistics below `top`, breadth first, each once, at most `levels` levels down and `limit` rows. */
export function subtreeRows(
  taxonomy: TaxonomyShape,
  top: number,
  levels: number,
  limit: number,
  { has, rowOf }: Pick<ReturnType<typeof nodeRows>, "has" | "rowOf">,
) {
  const nodes: NodeRow[] = [];
  const seen = new Set<number>([top]);
  let frontier = [top];
  for (let level = 1; level <= levels && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const node of frontier)
      for (const child of taxonomy.childrenOf(node)) {
        if (seen.has(child) || !has(child)) continue;
        if (nodes.length >= limit) return { nodes, truncated: true };
        seen.add(child);
        nodes.push(rowOf(child));
        next.push(child);
      }
    frontier = next;
  }
  return { nodes, truncated: false };
}
