import { getSubmission } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/submissions/:id/status` — the small answer the team area polls
 * every two seconds: status, failure reason and the primary score, without
 * the per-measure scores and the report.
 */
export const GET = apiRoute<{ id: string }, "required">(
  { route: "/api/submissions/[id]/status", auth: "required" },
  async ({ params, viewer }) => {
    // TODO(platform): a status-only query would spare loading the scores and report here.
    const submission = await getSubmission({ id: params.id, viewerId: viewer.id });
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
  },
);
