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

export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (declaredLengthTooLarge(request.headers, maxBytes)) throw new UploadTooLargeError(maxBytes);
  if (!request.body) return request.formData();
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new UploadTooLargeError(maxBytes));
      else controller.enqueue(chunk);
    },
  });
  const limited = new Response(request.body.pipeThrough(counter), {
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  });
  try {
    return await limited.formData();
  } catch (error) {
    if (seen > maxBytes) throw new UploadTooLargeError(maxBytes);
    throw error;
  }
}
