import { InputError } from "@hierboard/metrics";
import { AppError } from "./app-error.ts";

/**
 * Whether running the same job again can help: the engine's InputError (the file itself is wrong)
 * never; an AppError as its code says in APP_ERRORS; anything else (a lost connection, a timeout,
 * a crash of ours) yes. The worker retries the first kind and gives up on the others.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof InputError) return false;
  if (error instanceof AppError) return error.retryable;
  return true;
}
