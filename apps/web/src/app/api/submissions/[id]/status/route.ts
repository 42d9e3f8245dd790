import { getSubmission } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { problemResponse } from "@/server/problem";
import { observedRoute } from "@/server/observed-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id/status` — the small answer the team area polls
 * every two seconds: status, failure reason and the primary score, without
 * the per-measure scores and the report.
 */
async function getSubmissionStatusRoute(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token.");
    // TODO(platform): a status-only query would spare loading the scores and report here.
    const submission = await getSubmission({ id, viewerId: viewer.id });
    const primary = submission.scores.find((score) => score.measure === submission.primaryMeasure);
    return Response.json(
      {
        submission: {
          id: submission.id,
          status: submission.status,
          errorMessage: submission.errorMessage,
          primaryMeasure: submission.primaryMeasure,
          primaryValue: primary?.value ?? null,
          scoresHidden: submission.scoresHidden,
          finishedAt: submission.finishedAt,
        },
      },
      { headers: { "cache-control": "no-store" } },
    );
  } catch (error) {
    return problemResponse(error);
  }
}

export const GET = observedRoute("/api/submissions/[id]/status", getSubmissionStatusRoute);
