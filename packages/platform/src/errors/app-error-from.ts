import { AppError } from "./app-error.ts";

/**
 * An error as an AppError when it is the caller's fault: AppErrors themselves, and PostgreSQL's
 * refusal of a NUL byte in text (an id, a slug or a file name from the URL or a form), which is
 * BAD_REQUEST (400), not a server failure. Null for anything else (a real 500).
 */
export function appErrorFrom(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : "";
  if (/invalid byte sequence for encoding "UTF8": 0x00/.test(message)) {
    return new AppError("BAD_REQUEST", "Expected text without NUL bytes, found one (in an id, name or field of the request).");
  }
  return null;
}
