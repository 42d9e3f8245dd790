import { getNodeHeatMap, nodeHeatMapCsv, nodeHeatMapLatex } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";
import { z } from "zod";

export const dynamic = "force-dynamic";

const query = z.object({
  phase: z.string().min(1),
  subtask: z.string().min(1),
  levels: z.string().optional(),
  format: z.enum(["json", "csv", "latex"]).default("json"),
});

/**
 * `GET /api/tasks/:slug/node-heat-map?phase=…&subtask=…[&levels=1|2|3][&format=json|csv|latex]` —
 * for the task's organisers: every team's per-node F1 (with ancestors) on the top levels; CSV has
 * every node, LaTeX the hardest nodes for an overview paper.
 */
export const GET = apiRoute<{ slug: string }, "required">(
  { route: "/api/tasks/[slug]/node-heat-map", auth: "required" },
  async ({ request, params: { slug }, viewer }) => {
    const q = query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const map = await getNodeHeatMap({ userId: viewer.id, slug, phaseKey: q.phase, subtaskKey: q.subtask, levels: q.levels });
    if (q.format === "json") return Response.json(map, { headers: { "cache-control": "private, no-store" } });
    const [text, type, ext] =
      q.format === "csv" ? [nodeHeatMapCsv(map), "text/csv", "csv"] : [nodeHeatMapLatex(map), "application/x-tex", "tex"];
    return new Response(text, {
      headers: {
        "content-type": `${type}; charset=utf-8`,
        "content-disposition": `attachment; filename="${slug}-${q.phase}-${q.subtask}-nodes.${ext}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
