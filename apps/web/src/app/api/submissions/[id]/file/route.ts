import { downloadSubmissionFile } from "@hierboard/platform";
import { getRequestViewer } from "@/auth/viewer";
import { jsonProblem } from "@/server/json-problem";
import { problemResponse } from "@/server/problem";

export const dynamic = "force-dynamic";

/** `GET /api/submissions/:id/file` — the uploaded file, byte for byte, for the task's organisers. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const viewer = await getRequestViewer(request);
    if (!viewer) return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token.");
    const file = await downloadSubmissionFile({ userId: viewer.id, submissionId: id });
    const safeName = file.fileName.replace(/[^\w.-]+/g, "_");
    return new Response(Buffer.from(file.content), {
      headers: {
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="${safeName}"`,
        "x-content-sha256": file.contentHash,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return problemResponse(error);
  }
}
