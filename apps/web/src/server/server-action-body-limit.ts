// Relative imports only: next.config.ts reads this file before the "@/" alias exists.
import { formatBytes } from "../lib/format-score";
import { declaredLengthTooLarge } from "./declared-length";

/** The largest server-action body (forms with files: gold, taxonomy, bundles), in MB; next.config.ts reads it. */
export const SERVER_ACTION_BODY_LIMIT_MB = 60;
const limitBytes = SERVER_ACTION_BODY_LIMIT_MB * 1024 * 1024;

/**
 * 413 for a server action whose declared body is over the limit, before a byte of it is read.
 * Next.js would read such a body up to the limit and then answer 500 (13 s for 65 MB on loopback).
 * Server actions are POSTs with a `Next-Action` header; other requests pass (null).
 */
export function serverActionBodyTooLarge(request: Request): Response | null {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  if (!declaredLengthTooLarge(request.headers, limitBytes)) return null;
  return Response.json(
    {
      error: {
        code: "FILE_TOO_LARGE",
        message: `Expected a form of at most ${formatBytes(limitBytes)}, found ${formatBytes(Number(request.headers.get("content-length")))}.`,
      },
    },
    { status: 413, headers: { connection: "close" } },
  );
}
