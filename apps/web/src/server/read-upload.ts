import { AppError } from "@hierboard/platform";

/**
 * Reads a multipart body without ever holding more than `maxBytes` of it.
 * A declared Content-Length over the limit is refused before a byte is read;
 * a chunked body is counted as it streams and cut off once it passes the limit.
 */
export class UploadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The upload is larger than the limit of ${limitBytes} bytes.`);
    this.name = "UploadTooLargeError";
  }
}

/** Multipart framing (boundaries, part headers, the small text fields) on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function declaredLengthTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = headers.get("content-length");
  if (declared === null) return false;
  const length = Number(declared);
  return Number.isFinite(length) && length > maxBytes;
}

/**
 * UNSUPPORTED_MEDIA_TYPE (415) unless the body is declared multipart; BAD_REQUEST (400) for an
 * empty or unreadable (e.g. truncated) multipart body. Never a 500.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (declaredLengthTooLarge(request.headers, maxBytes)) throw new UploadTooLargeError(maxBytes);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Expected a multipart/form-data body (fields file, subtask, phase), found ${type ? `“${type.split(";")[0]}”` : "no Content-Type"}.`,
    );
  }
  const body = request.body;
  if (!body) throw new AppError("BAD_REQUEST", "Expected a multipart/form-data body, found an empty one.");
  try {
    return await countedFormData(body, type, maxBytes);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      "Expected a complete multipart/form-data body, found one that could not be read (truncated or malformed).",
    );
  }
}

async function countedFormData(body: ReadableStream<Uint8Array>, type: string, maxBytes: number): Promise<FormData> {
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new UploadTooLargeError(maxBytes));
      else controller.enqueue(chunk);
    },
  });
  const limited = new Response(body.pipeThrough(counter), { headers: { "content-type": type } });
  try {
    return await limited.formData();
  } catch (error) {
    if (seen > maxBytes) throw new UploadTooLargeError(maxBytes);
    throw error;
  }
}
