import { getRescoreStatus } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/** `GET /api/tasks/:slug/phases/:phase/rescore-status` — counts by status, for the console's live re-score progress (organisers only). */
export const GET = apiRoute<{ slug: string; phase: string }, "required">(
  { route: "/api/tasks/[slug]/phases/[phase]/rescore-status", auth: "required" },
  async ({ params, viewer }) => {
    const status = await getRescoreStatus({ userId: viewer.id, slug: params.slug, phaseKey: params.phase });
    return Response.json(status, { headers: { "cache-control": "no-store" } });
  },
);
