import { buildDataFile, type DataFileName } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/data/:file?subtask=…[&phase=…][&preview=…]` — visible like the task page (a
 * draft's only to its organisers and the preview link; 404 otherwise): the Data & format tab's generated files (taxonomy.tsv|json, labels.tsv, test-ids.txt, sample*.tsv|jsonl|txt).
 * Test ids and samples need the phase; they carry document ids only, never gold labels.
 */
export const GET = apiRoute<{ slug: string; file: string }, "optional">(
  { route: "/api/tasks/[slug]/data/[file]", auth: "optional" },
  async ({ params, viewer, url }) => {
    const data = await buildDataFile({
      viewerId: viewer?.id ?? null,
      previewToken: url.searchParams.get("preview"),
      slug: params.slug,
      file: params.file as DataFileName,
      subtaskKey: url.searchParams.get("subtask") ?? "",
      phaseKey: url.searchParams.get("phase") || undefined,
    });
    return new Response(data.content, {
      headers: {
        "content-type": `${data.contentType}; charset=utf-8`,
        "content-disposition": `attachment; filename="${data.fileName}"`,
        "cache-control": "no-store",
      },
    });
  },
);
