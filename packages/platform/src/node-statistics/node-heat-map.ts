import { ROOT } from "@hierboard/metrics";
import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { loadTaxonomyOutline } from "../taxonomy/load-taxonomy-outline.ts";
import { decodeNodeStatistics } from "./node-statistics-codec.ts";
import { WHOLE_GOLD } from "../gold-split/gold-part.ts";

export const getNodeHeatMapInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  phaseKey: z.string().min(1),
  subtaskKey: z.string().min(1),
  /** The top levels drawn (1–3). */
  levels: z.coerce.number().int().min(1).max(3).default(2),
});

export interface NodeHeatMap {
  /** One column per team (its newest scored submission) and per baseline. */
  teams: { name: string; submissionId: string; fileName: string }[];
  /** Nodes of the top levels with gold documents, depth first in taxonomy order; `f1[i]` is team i's F1 with ancestors (null: not recorded). */
  nodes: { label: string; depth: number; support: number; f1: (number | null)[]; meanF1: number | null }[];
}

/**
 * For the organisers' overview: every team's per-node F1 (with ancestors, the set-based view) on
 * the top levels of the taxonomy, from the statistics the worker recorded. FORBIDDEN for anyone
 * but the task's organisers (it shows every team's results, whatever the phase's visibility).
 */
export async function getNodeHeatMap(
  input: z.input<typeof getNodeHeatMapInput>,
  ctx: PlatformContext = platformContext(),
): Promise<NodeHeatMap> {
  const data = getNodeHeatMapInput.parse(input);
  const { task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const [phase, subtask] = await Promise.all([
    ctx.db.phase.findFirst({ where: { taskId: task.id, key: data.phaseKey }, select: { id: true } }),
    ctx.db.subtask.findFirst({ where: { taskId: task.id, key: data.subtaskKey }, select: { id: true } }),
  ]);
  if (!phase || !subtask) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" with subtask "${data.subtaskKey}" in this task.`);
  const submissions = await ctx.db.submission.findMany({
    where: { phaseId: phase.id, subtaskId: subtask.id, status: "SCORED", invalidatedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      teamId: true,
      label: true,
      fileName: true,
      team: { select: { name: true } },
      scoreSets: {
        where: { part: WHOLE_GOLD },
        orderBy: { goldVersion: "desc" },
        take: 1,
        select: { taxonomyHash: true, nodeStatistics: { where: { part: WHOLE_GOLD }, select: { data: true } } },
      },
    },
  });
  const { outline: taxonomy, taxonomyHash } = await loadTaxonomyOutline(ctx.db, subtask.id);
  const newest = new Map<string, (typeof submissions)[number]>();
  for (const s of submissions) {
    const key = s.teamId ?? `baseline:${s.label ?? s.fileName}`;
    if (!newest.has(key)) newest.set(key, s);
  }
  const columns = [...newest.values()];
  const f1ByColumn = columns.map((s) => {
    const set = s.scoreSets[0];
    const stored = set?.taxonomyHash === taxonomyHash ? set.nodeStatistics[0] : undefined;
    const out = new Map<number, { f1: number | null; support: number }>();
    if (!stored) return out;
    const { nodes, columns: c } = decodeNodeStatistics(stored.data);
    for (let i = 0; i < nodes; i++) {
      const node = c.node[i]!;
      if (taxonomy.depth[node]! > data.levels) continue;
      const s2 = c.ancestorsSupport[i]!;
      const p = c.ancestorsPredicted[i]!;
      out.set(node, { f1: s2 + p === 0 ? null : (2 * c.ancestorsTp[i]!) / (s2 + p), support: s2 });
    }
    return out;
  });
  // Depth first, in the taxonomy's order, so each node follows its parent (a DAG node under its first parent only).
  const nodes: NodeHeatMap["nodes"] = [];
  const seen = new Set<number>();
  const stack = [...taxonomy.childrenOf(ROOT)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const depth = taxonomy.depth[node]!;
    if (depth < data.levels) stack.push(...[...taxonomy.childrenOf(node)].reverse());
    const support = Math.max(0, ...f1ByColumn.map((m) => m.get(node)?.support ?? 0));
    if (support === 0) continue;
    const f1 = f1ByColumn.map((m) => (m.size === 0 ? null : (m.get(node)?.f1 ?? 0)));
    const defined = f1.filter((v): v is number => v !== null);
    nodes.push({
      label: taxonomy.names[node]!,
      depth,
      support,
      f1,
      meanF1: defined.length === 0 ? null : defined.reduce((t, v) => t + v, 0) / defined.length,
    });
  }
  return { teams: columns.map((s) => ({ name: s.team?.name ?? s.label ?? "Baseline", submissionId: s.id, fileName: s.fileName })), nodes };
}
