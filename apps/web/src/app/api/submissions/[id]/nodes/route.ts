import { getNodeStatistics } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { problemResponse } from "@/server/problem";
import { observedRoute } from "@/server/observed-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id/nodes?view=written|ancestors&under=LABEL&levels=N&limit=ROWS` — the per-node
 * statistics the worker recorded, with the report's visibility (the platform decides: drafts,
 * blind phases, other teams before the phase ends). Anonymous visitors read what the public
 * report shows, so the explorer can load subtrees for them too.
 */
async function getNodesRoute(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const viewer = await getRequestViewer(request);
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
  } catch (error) {
    return problemResponse(error);
  }
}

export const GET = observedRoute("/api/submissions/[id]/nodes", getNodesRoute);
