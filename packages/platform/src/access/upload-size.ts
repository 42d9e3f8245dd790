import { AppError } from "../errors/app-error.ts";

/** FILE_TOO_LARGE above the limit, INVALID_FILE for an empty file. */
export function checkUploadSize(content: Uint8Array, fileName: string, maxBytes: number): void {
  if (content.byteLength > maxBytes) {
    throw new AppError("FILE_TOO_LARGE", `${fileName}: the file has ${content.byteLength} bytes; the limit is ${maxBytes} bytes.`, {
      sizeBytes: content.byteLength,
      maxBytes,
    });
  }
  if (content.byteLength === 0) {
    throw new AppError("INVALID_FILE", `${fileName}: the file is empty.`, {
      issues: [
        {
          message: `${fileName}: the file is empty.`,
          detail: "expected at least one line, got an empty file",
          code: "EMPTY_FILE",
          file: fileName,
        },
      ],
    });
  }
}
