import { buildTaskBundle, bundleToZip } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/bundle` — the task as a bundle zip (task.yaml, taxonomy and gold files with
 * their sha256). Organisers and admins only: it holds the gold.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  try {
    const { slug } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token.");
    const zip = bundleToZip(await buildTaskBundle({ userId: viewer.id, slug }));
    return new Response(new Uint8Array(zip), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${slug}-bundle.zip"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return problemResponse(error);
  }
}
