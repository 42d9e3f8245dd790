import { buildTaskBundle, bundleToZip } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/bundle` — the task as a bundle zip (task.yaml, taxonomy and gold files with
 * their sha256). Organisers and admins only: it holds the gold.
 */
export const GET = apiRoute<{ slug: string }, "required">(
  { route: "/api/tasks/[slug]/bundle", auth: "required" },
  async ({ params, viewer }) => {
    const zip = bundleToZip(await buildTaskBundle({ userId: viewer.id, slug: params.slug }));
    return new Response(new Uint8Array(zip), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${params.slug}-bundle.zip"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
