import { z } from "zod";
import { type MultipartUpload, uploadedFileField } from "@/server/read-upload";

/** The multipart fields of `POST /api/tasks/:slug/submissions`. */
export const submissionUploadSchema = z.object({
  file: uploadedFileField("Attach the prediction file as the multipart field “file”"),
  subtask: z.string().trim().min(1, "Name the subtask by its key, e.g. “a”"),
  phase: z.string().trim().min(1, "Name the phase by its key, e.g. “test”"),
});

export function readSubmissionUpload(upload: MultipartUpload) {
  return submissionUploadSchema.parse({
    file: upload.files.get("file"),
    subtask: upload.fields.get("subtask"),
    phase: upload.fields.get("phase"),
  });
}

/** The query of `GET /api/tasks/:slug/submissions`: optionally one phase and/or one subtask, by key. */
export const teamRunsQuerySchema = z.object({
  phase: z.string().trim().min(1).optional(),
  subtask: z.string().trim().min(1).optional(),
});
