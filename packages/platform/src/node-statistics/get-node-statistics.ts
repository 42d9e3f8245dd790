import { ERROR_KINDS, ROOT, type ErrorKind, type TaxonomyShape } from "@hierboard/metrics";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { loadReadableSubmission } from "../submissions/load-readable-submission.ts";
import { decodeNodeStatistics, type DecodedNodeStatistics } from "./node-statistics-codec.ts";
import { NODE_VIEWS, nodeRows, subtreeRows, type NodeRow } from "./node-rows.ts";
import { processWide } from "../context/process-wide.ts";
import { loadTaxonomyOutline } from "../taxonomy/load-taxonomy-outline.ts";

/** Most rows one answer holds: a larger subtree is cut (`truncated`) and opened a level at a time. */
export const NODE_ROW_LIMIT = 3000;

// Stored statistics never change (a re-score writes a new row), so one decoded copy per row serves
// every zoom: a 325k-class taxonomy's row is inflated and indexed once, not on each request.
const decodedRows = processWide("node-statistics.decoded", () => new LRUCache<string, DecodedNodeStatistics>({ max: 8 }));

export const getNodeStatisticsInput = z.object({
  id: z.string().min(1),
  viewerId: z.string().min(1).nullable(),
  view: z.enum(NODE_VIEWS as ["written", "ancestors"]).default("written"),
  /** A label: only it and the nodes below it. Absent: the whole taxonomy. */
  under: z.string().min(1).optional(),
  /** How many levels below `under` (or the root) to include; absent: all (up to the row limit). */
  levels: z.coerce.number().int().min(1).max(1000).optional(),
  /** Most rows in the answer (at most NODE_ROW_LIMIT, the default), breadth first. */
  limit: z.coerce.number().int().min(1).max(NODE_ROW_LIMIT).default(NODE_ROW_LIMIT),
});

export interface NodeStatisticsAnswer {
  submissionId: string;
  view: "written" | "ancestors";
  part: string;
  engineVersion: string;
  goldVersion: number;
  isDag: boolean;
  /** The `under` node's row and its path from the top (labels), or null for the whole taxonomy. */
  under: { row: NodeRow | null; path: string[] } | null;
  /** Rows in breadth-first order below `under` (each node once, even under several parents). */
  nodes: NodeRow[];
  truncated: boolean;
  /** All written false positives by where they land (the LCA with the nearest gold label). */
  landings: Record<ErrorKind, number>;
  /** Written false positives by the depth of their LCA with the nearest gold label (index = depth, 0 = the root). */
  lcaDepths: readonly number[];
  /** The most frequent confusions, nearest gold label → predicted label. */
  confusions: { gold: string; predicted: string; count: number }[];
}

/**
 * A scored submission's per-node statistics as the worker stored them, for the explorer and the
 * API: the same visibility as the report (`loadReadableSubmission`: drafts, blind phases, other
 * teams before the phase ends), on the part the phase shows: the whole gold, or in a split phase the
 * public part until the private one is shown (then the private part).
 */
export async function getNodeStatistics(
  input: z.input<typeof getNodeStatisticsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<NodeStatisticsAnswer> {
  const data = getNodeStatisticsInput.parse(input);
  const { stats, taxonomy, submission } = await loadStoredNodeStatistics(data.id, data.viewerId, ctx);
  const rows = nodeRows(taxonomy, stats.decoded, data.view);
  let top = ROOT;
  if (data.under !== undefined) {
    const id = taxonomy.id(data.under);
    if (id === undefined)
      throw new AppError("BAD_REQUEST", `under: expected a label of the task's taxonomy, got ${JSON.stringify(data.under)}`);
    top = id;
  }
  const { nodes, truncated } = subtreeRows(taxonomy, top, data.levels ?? Number.POSITIVE_INFINITY, data.limit, rows);
  return {
    submissionId: submission.id,
    view: data.view,
    part: stats.part,
    engineVersion: stats.engineVersion,
    goldVersion: stats.goldVersion,
    isDag: taxonomy.isDag,
    under: top === ROOT ? null : { row: rows.has(top) ? rows.rowOf(top) : null, path: firstPath(taxonomy, top) },
    nodes,
    truncated,
    landings: Object.fromEntries(ERROR_KINDS.map((kind) => [kind, stats.decoded.columns[kind].reduce((t, v) => t + v, 0)])) as Record<
      ErrorKind,
      number
    >,
    lcaDepths: stats.decoded.lcaDepths,
    confusions: stats.decoded.confusions.map((c) => ({
      gold: taxonomy.names[c.gold]!,
      predicted: taxonomy.names[c.predicted]!,
      count: c.count,
    })),
  };
}

/** The readable submission's latest score set, its whole-gold node statistics decoded, and the taxonomy they index. */
export async function loadStoredNodeStatistics(id: string, viewerId: string | null, ctx: PlatformContext) {
  const submission = await loadReadableSubmission({ id, viewerId }, ctx);
  // The part the phase shows (a split phase's public part while the private one is hidden).
  const set = await ctx.db.scoreSet.findFirst({
    where: { submissionId: id, part: submission.part },
    orderBy: { goldVersion: "desc" },
    select: {
      goldVersion: true,
      taxonomyHash: true,
      nodeStatistics: { where: { part: submission.part }, select: { id: true, part: true, engineVersion: true } },
    },
  });
  if (!set) throw new AppError("NOT_READY", "This submission has no scores yet.");
  const stored = set.nodeStatistics[0];
  if (!stored)
    throw new AppError("NOT_FOUND", "No per-node statistics were recorded for this submission (scored before they existed): re-score it.");
  // The taxonomy's stored outline, not the parsed file: a server's first explorer page after a start stays fast at 325k classes.
  const { outline: taxonomy, taxonomyHash } = await loadTaxonomyOutline(ctx.db, submission.subtaskId);
  if (taxonomyHash !== set.taxonomyHash)
    throw new AppError(
      "CONFLICT",
      "The task's taxonomy changed since this submission was scored: re-score it to see its per-node statistics.",
    );
  return {
    submission,
    taxonomy,
    stats: {
      part: stored.part,
      engineVersion: stored.engineVersion,
      goldVersion: set.goldVersion,
      decoded: await decodedOf(stored.id, ctx),
    },
  };
}

async function decodedOf(id: string, ctx: PlatformContext): Promise<DecodedNodeStatistics> {
  const cached = decodedRows.get(id);
  if (cached) return cached;
  const { data } = await ctx.db.nodeStatistics.findUniqueOrThrow({ where: { id }, select: { data: true } });
  const decoded = decodeNodeStatistics(data);
  decodedRows.set(id, decoded);
  return decoded;
}

/** The node's path through first parents as labels (top-level first), for the breadcrumb. */
function firstPath(taxonomy: TaxonomyShape, node: number): string[] {
  const path: string[] = [];
  for (let v = node; v !== ROOT; v = taxonomy.parentsOf(v)[0]!) path.unshift(taxonomy.names[v]!);
  return path;
}
