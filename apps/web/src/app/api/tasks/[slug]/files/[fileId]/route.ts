import { downloadTaskFile } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";
import { attachmentHeaders } from "@/server/attachment-headers";

export const dynamic = "force-dynamic";

/**
 * `GET /api/tasks/:slug/files/:fileId[?preview=…]` — a public file the organisers attached, byte
 * for byte, always as a download. Visible like the task: a draft's files only to its organisers
 * and the preview link (404 for everyone else, as if there were none).
 */
export const GET = apiRoute<{ slug: string; fileId: string }, "optional">(
  { route: "/api/tasks/[slug]/files/[fileId]", auth: "optional" },
  async ({ params, viewer, url }) => {
    const previewToken = url.searchParams.get("preview");
    const file = await downloadTaskFile({ slug: params.slug, fileId: params.fileId, viewerId: viewer?.id ?? null, previewToken });
    return new Response(Buffer.from(file.content), { headers: attachmentHeaders(file) });
  },
);
