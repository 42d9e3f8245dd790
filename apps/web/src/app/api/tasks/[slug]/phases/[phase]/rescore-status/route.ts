import { getRescoreStatus } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/** `GET /api/tasks/:slug/phases/:phase/rescore-status` — counts by status, for the console's live re-score progress (organisers only). */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; phase: string }> }) {
  try {
    const { slug, phase } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token.");
    const status = await getRescoreStatus({ userId: viewer.id, slug, phaseKey: phase });
    return Response.json(status, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return problemResponse(error);
  }
}
