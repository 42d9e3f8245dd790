import { setFinalRunSelected } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `PUT /api/submissions/:id/final-run` selects one of the team's runs as a final run, `DELETE`
 * unselects it; the team's other selected runs stay, and both are idempotent. The rules are the
 * team page's: own team only (403 FORBIDDEN), at most N runs (409 CONFLICT), until the phase's
 * deadline in UTC (403 PHASE_CLOSED), a token with the submit scope (403 TOKEN_SCOPE). 200 with
 * the team's selection after the change; an empty one means its best N runs count.
 */
function finalRunRoute(selected: boolean) {
  return apiRoute<{ id: string }, "required">(
    { route: "/api/submissions/[id]/final-run", auth: "required", submitScope: "choosing final runs" },
    async ({ params, viewer }) => {
      const result = await setFinalRunSelected({ userId: viewer.id, submissionId: params.id, selected });
      return Response.json(
        { selection: { phase: result.phaseKey, subtask: result.subtaskKey, finalRuns: result.finalRuns, selected: result.selected } },
        { headers: { "cache-control": "no-store" } },
      );
    },
  );
}

export const PUT = finalRunRoute(true);
export const DELETE = finalRunRoute(false);
