import { downloadSubmissionFile } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/** `GET /api/submissions/:id/file` — the uploaded file, byte for byte, for the task's organisers. */
export const GET = apiRoute<{ id: string }, "required">(
  { route: "/api/submissions/[id]/file", auth: "required" },
  async ({ params, viewer }) => {
    const file = await downloadSubmissionFile({ userId: viewer.id, submissionId: params.id });
    const safeName = file.fileName.replace(/[^\w.-]+/g, "_");
    return new Response(Buffer.from(file.content), {
      headers: {
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="${safeName}"`,
        "x-content-sha256": file.contentHash,
        "cache-control": "no-store",
      },
    });
  },
);
