import { createSubmissionFromUpload, listTeamRuns } from "@hierboard/platform";
import { env } from "@/env";
import { apiRoute } from "@/server/api-route";
import { clientIp } from "@/server/client-ip";
import { MULTIPART_OVERHEAD_BYTES, readMultipartUpload, UploadTooLargeError, uploadTooLargeResponse } from "@/server/read-upload";
import { readSubmissionUpload, teamRunsQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/**
 * `POST /api/tasks/:slug/submissions` — multipart `file`, `subtask`, `phase`.
 * Auth: `Authorization: Bearer <API token>`, or the browser session.
 * 201 with the queued submission; 422 with line-numbered issues for a bad file.
 */
export const POST = apiRoute<{ slug: string }, "required">(
  { route: "/api/tasks/[slug]/submissions", auth: "required", submitScope: "creating submissions" },
  async ({ request, params, viewer }) => {
    const limit = env.uploadLimitBytes;
    try {
      // The rate limit, the task, the team: checked before the body is read (`readUpload`).
      const submission = await createSubmissionFromUpload({
        userId: viewer.id,
        slug: params.slug,
        clientAddress: clientIp(request.headers),
        readUpload: async (checkTarget) => {
          // The subtask and phase, when they come before the file (as forms and the CLI send them), are checked before it is read.
          const beforeFile = async (fields: ReadonlyMap<string, string>) => {
            const [subtaskKey, phaseKey] = [fields.get("subtask")?.trim(), fields.get("phase")?.trim()];
            if (subtaskKey && phaseKey) await checkTarget({ subtaskKey, phaseKey });
          };
          const upload = readSubmissionUpload(await readMultipartUpload(request, limit + MULTIPART_OVERHEAD_BYTES, { beforeFile }));
          if (upload.file.bytes.byteLength > limit) throw new UploadTooLargeError(limit);
          return {
            subtaskKey: upload.subtask,
            phaseKey: upload.phase,
            fileName: upload.file.name || "submission.txt",
            content: upload.file.bytes,
          };
        },
      });
      return Response.json({ submission }, { status: 201 });
    } catch (error) {
      if (error instanceof UploadTooLargeError) return uploadTooLargeResponse(limit);
      throw error;
    }
  },
);

/**
 * `GET /api/tasks/:slug/submissions[?phase=…][&subtask=…]` — the viewer's own team's submissions,
 * grouped by phase and subtask, with which runs are selected as final runs and which count,
 * submissions left today (UTC) and in total, and primary scores (none in a blind phase before its
 * results). Any token scope. 403 NOT_A_MEMBER without a team in the task.
 */
export const GET = apiRoute<{ slug: string }, "required">(
  { route: "/api/tasks/[slug]/submissions", auth: "required" },
  async ({ params, viewer, url }) => {
    const query = teamRunsQuerySchema.parse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")));
    const runs = await listTeamRuns({ userId: viewer.id, slug: params.slug, phaseKey: query.phase, subtaskKey: query.subtask });
    return Response.json(runs, { headers: { "cache-control": "no-store" } });
  },
);
