import { exportSubmissions } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { observedRoute } from "@/server/observed-route";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/submissions/export[?phase=KEY]` — every submission of the task (or of one
 * phase) as one zip: each file as uploaded, scores.csv and scores.json per gold version, runs.csv
 * and runs.json, hashes.json. Organisers and admins only (403 FORBIDDEN otherwise); streamed as
 * it is read from the database, and audited.
 */
async function exportSubmissionsRoute(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  try {
    const { slug } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token.");
    const phaseKey = new URL(request.url).searchParams.get("phase") || undefined;
    const exported = await exportSubmissions({ userId: viewer.id, slug, phaseKey });
    return new Response(exported.stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${exported.fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return problemResponse(error);
  }
}

export const GET = observedRoute("/api/tasks/[slug]/submissions/export", exportSubmissionsRoute);
