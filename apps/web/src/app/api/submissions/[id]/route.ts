import { getSubmission } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { problemResponse } from "@/server/problem";
import { jsonProblem } from "@/server/json-problem";
import { observedRoute } from "@/server/observed-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id` — status and, once scored, the scores.
 * The platform decides what this viewer may see (own team, organiser, or
 * anyone once the phase has ended and its board is public).
 */
async function getSubmissionRoute(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Send a valid API token as “Authorization: Bearer …”, or sign in.");
    const submission = await getSubmission({ id, viewerId: viewer.id });
    return Response.json({ submission }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}

export const GET = observedRoute("/api/submissions/[id]", getSubmissionRoute);
