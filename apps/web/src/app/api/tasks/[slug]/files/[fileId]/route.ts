import { downloadTaskFile } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { attachmentHeaders } from "@/server/attachment-headers";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/files/:fileId[?preview=…]` — a public file the organisers attached, byte
 * for byte, always as a download. Visible like the task: a draft's files only to its organisers
 * and the preview link (404 for everyone else, as if there were none).
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string; fileId: string }> }) {
  try {
    const { slug, fileId } = await params;
    const viewer = await getRequestViewer(request);
    const previewToken = new URL(request.url).searchParams.get("preview");
    const file = await downloadTaskFile({ slug, fileId, viewerId: viewer?.id ?? null, previewToken });
    return new Response(Buffer.from(file.content), { headers: attachmentHeaders(file) });
  } catch (error) {
    return problemResponse(error);
  }
}
