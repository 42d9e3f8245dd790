import { exportSubmissions } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/submissions/export[?phase=KEY]` — every submission of the task (or of one
 * phase) as one zip: each file as uploaded, scores.csv and scores.json per gold version, runs.csv
 * and runs.json, hashes.json. Organisers and admins only (403 FORBIDDEN otherwise); streamed as
 * it is read from the database, and audited.
 */
export const GET = apiRoute<{ slug: string }, "required">(
  { route: "/api/tasks/[slug]/submissions/export", auth: "required" },
  async ({ request, params: { slug }, viewer }) => {
    const phaseKey = new URL(request.url).searchParams.get("phase") || undefined;
    const exported = await exportSubmissions({ userId: viewer.id, slug, phaseKey });
    return new Response(exported.stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${exported.fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
