import { requireTokenScope, setFinalRunSelected } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { observedRoute } from "@/server/observed-route";
import { problemResponse } from "@/server/problem";
import { requireSameOrigin } from "@/server/require-same-origin";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/**
 * `PUT /api/submissions/:id/final-run` selects one of the team's runs as a final run, `DELETE`
 * unselects it; the team's other selected runs stay, and both are idempotent. The rules are the
 * team page's: own team only (403 FORBIDDEN), at most N runs (409 CONFLICT), until the phase's
 * deadline in UTC (403 PHASE_CLOSED), a token with the submit scope (403 TOKEN_SCOPE). 200 with
 * the team's selection after the change; an empty one means its best N runs count.
 */
function finalRunRoute(selected: boolean) {
  return async (request: Request, { params }: Params) => {
    try {
      const { id } = await params;
      requireSameOrigin(request);
      const viewer = await getRequestViewer(request);
      if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Send a valid API token as “Authorization: Bearer …”, or sign in.");
      requireTokenScope(viewer, "SUBMIT", "choosing final runs");
      const result = await setFinalRunSelected({ userId: viewer.id, submissionId: id, selected });
      return Response.json(
        { selection: { phase: result.phaseKey, subtask: result.subtaskKey, finalRuns: result.finalRuns, selected: result.selected } },
        { headers: { "cache-control": "no-store" } },
      );
    } catch (error) {
      return problemResponse(error);
    }
  };
}

export const PUT = observedRoute("/api/submissions/[id]/final-run", finalRunRoute(true));
export const DELETE = observedRoute("/api/submissions/[id]/final-run", finalRunRoute(false));
