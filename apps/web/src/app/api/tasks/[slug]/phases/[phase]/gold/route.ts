import { holdUploadSlot, requireGoldUploadAccess, requireTokenScope, uploadGold } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { env } from "@/env";
import { jsonProblem } from "@/server/json-problem";
import { observedRoute } from "@/server/observed-route";
import { problemResponse } from "@/server/problem";
import { MULTIPART_OVERHEAD_BYTES, readMultipartUpload, UploadTooLargeError, uploadTooLargeResponse } from "@/server/read-upload";
import { requireSameOrigin } from "@/server/require-same-origin";
import { clientIp } from "@/server/client-ip";
import { readGoldUpload } from "./schema";

export const dynamic = "force-dynamic";

/**
 * `POST /api/tasks/:slug/phases/:phase/gold` — multipart `file`: the phase's next gold version,
 * read as it streams (the server action's form is for browsers, with a smaller body limit).
 * Auth: `Authorization: Bearer <API token>` with the submit scope, or the browser session; the
 * task's organisers only. 201 with `{ version, documents, unlabelled, contentHash }`; 422 with line-numbered
 * issues for a bad file, and nothing stored.
 */
async function postGoldRoute(request: Request, { params }: { params: Promise<{ slug: string; phase: string }> }) {
  const limit = env.uploadLimitBytes;
  try {
    const { slug, phase } = await params;
    requireSameOrigin(request);
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Send a valid API token as “Authorization: Bearer …”, or sign in.");
    requireTokenScope(viewer, "SUBMIT", "uploading gold labels");
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
    return problemResponse(error);
  }
}

export const POST = observedRoute("/api/tasks/[slug]/phases/[phase]/gold", postGoldRoute);
