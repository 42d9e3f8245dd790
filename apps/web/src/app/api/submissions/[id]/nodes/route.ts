import { getNodeStatistics } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id/nodes?view=written|ancestors&under=LABEL&levels=N&limit=ROWS` — the per-node
 * statistics the worker recorded, with the report's visibility (the platform decides: drafts,
 * blind phases, other teams before the phase ends). Anonymous visitors read what the public
 * report shows, so the explorer can load subtrees for them too.
 */
export const GET = apiRoute<{ id: string }, "optional">(
  { route: "/api/submissions/[id]/nodes", auth: "optional" },
  async ({ request, params: { id }, viewer }) => {
    const query = new URL(request.url).searchParams;
    const answer = await getNodeStatistics({
      id,
      viewerId: viewer?.id ?? null,
      view: (query.get("view") ?? undefined) as "written" | "ancestors" | undefined,
      under: query.get("under") ?? undefined,
      levels: query.get("levels") ?? undefined,
      limit: query.get("limit") ?? undefined,
    });
    return Response.json(answer, { headers: { "cache-control": "no-store" } });
  },
);
