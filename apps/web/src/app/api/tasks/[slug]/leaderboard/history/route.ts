import { getBoardHistory, historyToCsv } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";
import { historyQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/leaderboard/history?phase=…[&subtask=…][&format=json|csv]` — public, with
 * the board's visibility: each team's best primary score over the phase as steps at its improving
 * submissions (`series`), and the baselines as levels. JSON is `{ history }`; CSV one line a step.
 */
export const GET = apiRoute<{ slug: string }, "optional">(
  { route: "/api/tasks/[slug]/leaderboard/history", auth: "optional" },
  async ({ params: { slug }, viewer, url }) => {
    const query = historyQuerySchema.parse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")));
    const history = await getBoardHistory({ slug, phaseKey: query.phase, subtaskKey: query.subtask ?? null, viewerId: viewer?.id ?? null });
    // Anonymous histories may be cached briefly by a proxy; a signed-in viewer's may hold a private series.
    const cacheControl = viewer || history.hidden ? "private, no-store" : "public, max-age=0, must-revalidate";
    if (query.format === "csv") {
      const name = `${slug}-${history.phase.key}-${history.subtask.key}-history.csv`;
      return new Response(historyToCsv(history), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": cacheControl,
        },
      });
    }
    return Response.json({ history }, { headers: { "cache-control": cacheControl } });
  },
);
