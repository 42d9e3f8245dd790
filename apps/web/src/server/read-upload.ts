import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AppError } from "@hierboard/platform";
import busboy from "busboy";
import { z } from "zod";
import { formatBytes } from "@/lib/format-score";
import { declaredLengthTooLarge } from "./declared-length";
import { jsonProblem } from "./json-problem";

/**
 * Reads a multipart upload as it streams, without ever holding more than `maxBytes` of it and
 * without a step that grows with the body on the request thread: busboy parses chunk by chunk
 * (the event loop serves other requests between chunks), and each chunk of the file is copied
 * once, as it arrives, into shared memory that the engine thread then reads without a copy.
 * `Request.formData()` instead buffers the whole body, parses it in one go and hands back a Blob
 * whose bytes are copied twice more; joining the chunks at the end, or copying them into shared
 * memory afterwards, blocked the request thread for 50–150 ms per 20 MB file (fresh pages).
 */
export class UploadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The upload is larger than the limit of ${limitBytes} bytes.`);
    this.name = "UploadTooLargeError";
  }
}

/** 413 FILE_TOO_LARGE naming the upload limit: for a body, or a file part, past it. */
export function uploadTooLargeResponse(limitBytes: number): Response {
  return jsonProblem(413, "FILE_TOO_LARGE", `The file is larger than the upload limit of ${formatBytes(limitBytes)}.`);
}

/** Multipart framing (boundaries, part headers, the small text fields) on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A parsed multipart body: its text fields, and its file (the part named `file`), by field name. */
export interface MultipartUpload {
  fields: Map<string, string>;
  files: Map<string, { name: string; bytes: Uint8Array }>;
}

/** The schema of a form's file part (`MultipartUpload.files.get("file")`); `missing` says what to attach. */
export const uploadedFileField = (missing: string) => z.object({ name: z.string(), bytes: z.instanceof(Uint8Array) }, { message: missing });

const MAX_FIELD_BYTES = 1024;
const MAX_PARTS = 16;
/** The one file part that is kept; others are read past (the upload limit still counts them). */
const FILE_FIELD = "file";
const MAX_FILES = 4;

/**
 * A body must keep arriving: after `graceMs`, fewer than `minBytesPerSecond` on average since the
 * start is a REQUEST_TIMEOUT (408), so a client cannot hold an upload (its slot, its memory) open
 * by trickling bytes. 16 KiB/s is a 40 MB file in 42 minutes: any real connection is faster.
 */
export interface UploadPace {
  minBytesPerSecond: number;
  graceMs: number;
}
export const UPLOAD_PACE: UploadPace = { minBytesPerSecond: 16 * 1024, graceMs: 10_000 };

export interface ReadUploadOptions {
  pace?: UploadPace;
  /**
   * Called with the text fields that came before the file part, before a byte of the file is
   * read; its refusal ends the upload (the file unread). Forms and the CLI send their fields first.
   */
  beforeFile?: (fields: ReadonlyMap<string, string>) => Promise<void>;
}

/**
 * UNSUPPORTED_MEDIA_TYPE (415) unless the body is declared multipart; BAD_REQUEST (400) for an
 * empty or unreadable (e.g. truncated) multipart body; UploadTooLargeError once the body passes
 * `maxBytes`; REQUEST_TIMEOUT (408) for a body slower than `pace`. Never a 500.
 */
export async function readMultipartUpload(request: Request, maxBytes: number, options: ReadUploadOptions = {}): Promise<MultipartUpload> {
  if (declaredLengthTooLarge(request.headers, maxBytes)) throw new UploadTooLargeError(maxBytes);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Expected a multipart/form-data body with the file in the field “file”, found ${type ? `“${type.split(";")[0]}”` : "no Content-Type"}.`,
    );
  }
  const body = request.body;
  if (!body) throw new AppError("BAD_REQUEST", "Expected a multipart/form-data body, found an empty one.");
  try {
    return await parseStream(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), type, maxBytes, options);
  } catch (error) {
    if (error instanceof UploadTooLargeError || error instanceof AppError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      "Expected a complete multipart/form-data body, found one that could not be read (truncated or malformed).",
    );
  }
}

function parseStream(
  source: Readable,
  contentType: string,
  maxBytes: number,
  { pace = UPLOAD_PACE, beforeFile }: ReadUploadOptions,
): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    const upload: MultipartUpload = { fields: new Map(), files: new Map() };
    let seen = 0;
    let settled = false;
    const started = performance.now();
    const paceCheck = setInterval(
      () => {
        const elapsed = performance.now() - started;
        if (elapsed < pace.graceMs || seen >= (pace.minBytesPerSecond * elapsed) / 1000) return;
        fail(
          new AppError(
            "REQUEST_TIMEOUT",
            `Expected the upload to arrive at ${formatBytes(pace.minBytesPerSecond)}/s or faster, found ${formatBytes(seen)} in ${Math.round(elapsed / 1000)} s; it was stopped. Send it again over a faster connection.`,
          ),
        );
      },
      Math.min(1000, pace.graceMs),
    );
    paceCheck.unref();
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearInterval(paceCheck);
      source.unpipe();
      source.destroy();
      reject(error);
    };
    const parser = busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: MAX_FIELD_BYTES, parts: MAX_PARTS, files: MAX_FILES, fileSize: maxBytes },
    });
    parser.on("field", (name, value) => upload.fields.set(name, value));
    parser.on("file", (name, stream, info) => {
      // A body cut short inside a file part: busboy destroys that part's stream with an error, which
      // would be an uncaught exception without this listener.
      stream.on("error", (error: Error) => fail(error));
      if (name !== FILE_FIELD) {
        stream.resume(); // another file part (a browser form's picker, say): counted, never kept
        return;
      }
      const sink = new SharedBytesSink(maxBytes);
      stream.on("data", (chunk: Buffer) => sink.write(chunk));
      stream.on("limit", () => fail(new UploadTooLargeError(maxBytes)));
      stream.on("end", () => upload.files.set(name, { name: info.filename ?? "", bytes: sink.bytes() }));
      if (beforeFile) {
        stream.pause();
        beforeFile(upload.fields).then(
          () => stream.resume(),
          (error: Error) => fail(error),
        );
      }
    });
    parser.on("partsLimit", () => fail(new AppError("BAD_REQUEST", `Expected at most ${MAX_PARTS} form fields.`)));
    parser.on("filesLimit", () => fail(new AppError("BAD_REQUEST", `Expected at most ${MAX_FILES} file parts in the form, found more.`)));
    parser.on("error", (error: Error) => fail(error));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      clearInterval(paceCheck);
      resolve(upload);
    });
    source.on("data", (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > maxBytes) fail(new UploadTooLargeError(maxBytes));
    });
    source.on("error", (error) => fail(error));
    source.pipe(parser);
  });
}

/**
 * A file's bytes, written chunk by chunk into one SharedArrayBuffer of the upload limit's size.
 * Its pages are only committed as they are written, so a small file costs what it weighs.
 */
class SharedBytesSink {
  private readonly target: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.target = new Uint8Array(new SharedArrayBuffer(capacity));
  }

  /** Chunks past the capacity are dropped: busboy's `fileSize` limit refuses the upload first. */
  write(chunk: Uint8Array): void {
    const room = this.target.byteLength - this.length;
    this.target.set(chunk.byteLength <= room ? chunk : chunk.subarray(0, room), this.length);
    this.length += Math.min(chunk.byteLength, room);
  }

  bytes(): Uint8Array {
    return this.target.subarray(0, this.length);
  }
}
