import { createSubmission, requireTokenScope } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { env } from "@/env";
import { formatBytes } from "@/lib/format-score";
import { problemResponse } from "@/server/problem";
import { requireSameOrigin } from "@/server/require-same-origin";
import { MULTIPART_OVERHEAD_BYTES, readMultipartUpload, UploadTooLargeError } from "@/server/read-upload";
import { jsonProblem } from "@/server/json-problem";
import { readSubmissionUpload } from "./schema";
import { observedRoute } from "@/server/observed-route";

export const dynamic = "force-dynamic";

/**
 * `POST /api/tasks/:slug/submissions` — multipart `file`, `subtask`, `phase`.
 * Auth: `Authorization: Bearer <API token>`, or the browser session.
 * 201 with the queued submission; 422 with line-numbered issues for a bad file.
 */
async function postSubmissionRoute(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const limit = env.uploadLimitBytes;
  const tooLarge = () => jsonProblem(413, "FILE_TOO_LARGE", `The file is larger than the upload limit of ${formatBytes(limit)}.`);
  try {
    const { slug } = await params;
    requireSameOrigin(request);
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Send a valid API token as “Authorization: Bearer …”, or sign in.");
    requireTokenScope(viewer, "SUBMIT");
    const upload = readSubmissionUpload(await readMultipartUpload(request, limit + MULTIPART_OVERHEAD_BYTES));
    if (upload.file.bytes.byteLength > limit) return tooLarge();
    const submission = await createSubmission({
      userId: viewer.id,
      slug,
      subtaskKey: upload.subtask,
      phaseKey: upload.phase,
      fileName: upload.file.name || "submission.txt",
      content: upload.file.bytes,
    });
    return Response.json({ submission }, { status: 201 });
  } catch (error) {
    if (error instanceof UploadTooLargeError) return tooLarge();
    return problemResponse(error);
  }
}

export const POST = observedRoute("/api/tasks/[slug]/submissions", postSubmissionRoute);
