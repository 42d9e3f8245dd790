import { z } from "zod";
import { type MultipartUpload, uploadedFileField } from "@/server/read-upload";

/** The multipart fields of `POST /api/tasks/:slug/phases/:phase/gold`. */
const goldUploadSchema = z.object({
  file: uploadedFileField("Attach the gold file as the multipart field “file”"),
});

export function readGoldUpload(upload: MultipartUpload) {
  return goldUploadSchema.parse({ file: upload.files.get("file") });
}
