import { ERROR_KINDS, ROOT, type ErrorKind, type Taxonomy } from "@hierboard/metrics";
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

// The row of each node and the view's error total, once per decoded statistics (they are cached).
const indexes = new WeakMap<DecodedNodeStatistics, Map<NodeView, { row: Map<number, number>; errors: number }>>();

function indexOf(stats: DecodedNodeStatistics, view: NodeView, support: Uint32Array, predicted: Uint32Array, tp: Uint32Array) {
  let byView = indexes.get(stats);
  if (!byView) indexes.set(stats, (byView = new Map()));
  const known = byView.get(view);
  if (known) return known;
  let errors = 0;
  for (let i = 0; i < stats.nodes; i++) errors += support[i]! + predicted[i]! - 2 * tp[i]!;
  const row = new Map<number, number>();
  for (let i = 0; i < stats.nodes; i++) row.set(stats.columns.node[i]!, i);
  const index = { row, errors };
  byView.set(view, index);
  return index;
}

/** The view's rows by node id, over the stored sparse nodes. */
export function nodeRows(taxonomy: Taxonomy, stats: DecodedNodeStatistics, view: NodeView) {
  const c = stats.columns;
  const [support, predicted, tp] =
    view === "written" ? [c.writtenSupport, c.writtenPredicted, c.writtenTp] : [c.ancestorsSupport, c.ancestorsPredicted, c.ancestorsTp];
  const { row, errors } = indexOf(stats, view, support, predicted, tp);
  const rowOf = (node: number): NodeRow => {
    const i = row.get(node)!;
    const [s, p, t] = [support[i]!, predicted[i]!, tp[i]!];
    const precision = ratio(t, p);
    const recall = ratio(t, s);
    return {
      label: taxonomy.names[node]!,
      depth: taxonomy.depth[node]!,
      parents: taxonomy.parents[node]!.map((parent) => (parent === ROOT ? null : taxonomy.names[parent]!)),
      children: taxonomy.children[node]!.filter((child) => row.has(child)).length,
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
  return { has: (node: number) => row.has(node), rowOf, totals: { errors } };
}

/** The nodes with statistics below `top`, breadth first, each once, at most `levels` levels down and `limit` rows. */
export function subtreeRows(
  taxonomy: Taxonomy,
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
      for (const child of taxonomy.children[node]!) {
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
