import { holdUploadSlot, requireGoldUploadAccess, uploadGold } from "@hierboard/platform";
import { env } from "@/env";
import { apiRoute } from "@/server/api-route";
import { clientIp } from "@/server/client-ip";
import { MULTIPART_OVERHEAD_BYTES, readMultipartUpload, UploadTooLargeError, uploadTooLargeResponse } from "@/server/read-upload";
import { readGoldUpload } from "./schema";

export const dynamic = "force-dynamic";

/**
 * `POST /api/tasks/:slug/phases/:phase/gold` — multipart `file`: the phase's next gold version,
 * read as it streams (the server action's form is for browsers, with a smaller body limit).
 * Auth: `Authorization: Bearer <API token>` with the submit scope, or the browser session; the
 * task's organisers only. 201 with `{ version, documents, unlabelled, contentHash }`; 422 with line-numbered
 * issues for a bad file, and nothing stored.
 */
export const POST = apiRoute<{ slug: string; phase: string }, "required">(
  { route: "/api/tasks/[slug]/phases/[phase]/gold", auth: "required", submitScope: "uploading gold labels" },
  async ({ request, params: { slug, phase }, viewer }) => {
    const limit = env.uploadLimitBytes;
    try {
      // Before the body: a non-organiser's (or a wrong URL's) upload is refused unread.
      await requireGoldUploadAccess({ userId: viewer.id, slug, phaseKey: phase });
      const release = await holdUploadSlot({ userId: viewer.id, clientAddress: clientIp(request.headers) });
      try {
        const upload = readGoldUpload(await readMultipartUpload(request, limit + MULTIPART_OVERHEAD_BYTES));
        if (upload.file.bytes.byteLength > limit) return uploadTooLargeResponse(limit);
        const gold = await uploadGold({
          userId: viewer.id,
          slug,
          phaseKey: phase,
          fileName: upload.file.name || "gold.txt",
          content: upload.file.bytes,
        });
        return Response.json(gold, { status: 201 });
      } finally {
        await release();
      }
    } catch (error) {
      if (error instanceof UploadTooLargeError) return uploadTooLargeResponse(limit);
      throw error;
    }
  },
);
