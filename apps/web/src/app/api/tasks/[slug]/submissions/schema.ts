import { z } from "zod";

/** The multipart fields of `POST /api/tasks/:slug/submissions`. */
export const submissionUploadSchema = z.object({
  file: z.instanceof(File, { message: "Attach the prediction file as the multipart field “file”" }),
  subtask: z.string().trim().min(1, "Name the subtask by its key, e.g. “a”"),
  phase: z.string().trim().min(1, "Name the phase by its key, e.g. “test”"),
});

export function readSubmissionUpload(form: FormData) {
  return submissionUploadSchema.parse({
    file: form.get("file") ?? undefined,
    subtask: form.get("subtask") ?? undefined,
    phase: form.get("phase") ?? undefined,
  });
}

/** The query of `GET /api/tasks/:slug/submissions`: optionally one phase and/or one subtask, by key. */
export const teamRunsQuerySchema = z.object({
  phase: z.string().trim().min(1).optional(),
  subtask: z.string().trim().min(1).optional(),
});
