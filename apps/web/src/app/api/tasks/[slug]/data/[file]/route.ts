import { buildDataFile, type DataFileName } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/data/:file?subtask=…[&phase=…][&preview=…]` — visible like the task page (a
 * draft's only to its organisers and the preview link; 404 otherwise): the Data & format tab's generated files (taxonomy.tsv|json, labels.tsv, test-ids.txt, sample*.tsv|jsonl|txt).
 * Test ids and samples need the phase; they carry document ids only, never gold labels.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; file: string }> }) {
  try {
    const { slug, file } = await params;
    const url = new URL(request.url);
    const viewer = await getRequestViewer(request);
    const data = await buildDataFile({
      viewerId: viewer?.id ?? null,
      previewToken: url.searchParams.get("preview"),
      slug,
      file: file as DataFileName,
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
  } catch (error) {
    return problemResponse(error);
  }
}
