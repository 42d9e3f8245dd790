import { getSubmission } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id` — status and, once scored, the scores.
 * The platform decides what this viewer may see (own team, organiser, or
 * anyone once the phase has ended and its board is public).
 */
export const GET = apiRoute<{ id: string }, "required">(
  { route: "/api/submissions/[id]", auth: "required" },
  async ({ params, viewer }) => {
    const submission = await getSubmission({ id: params.id, viewerId: viewer.id });
    return Response.json({ submission }, { headers: { "cache-control": "no-store" } });
  },
);
