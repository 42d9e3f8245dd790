import { AppError } from "@hierboard/platform";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for API routes that accept the session cookie: a state-changing request must come
 * from a page of this site, i.e. carry an `Origin` whose host is the request's `Host`. A browser
 * sets `Origin` on every cross-origin and same-origin POST and a page cannot forge it. Requests
 * with an `Authorization` header (API tokens) carry no ambient credential and pass unchanged.
 * CROSS_ORIGIN (403) otherwise; a request with neither a token nor any cookie is nobody's, so
 * it gets UNAUTHENTICATED (401) instead of a CSRF refusal about a sign-in it does not have.
 */
export function requireSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (request.headers.has("authorization")) return;
  if (!request.headers.has("cookie") && !isFromHost(request))
    throw new AppError(
      "UNAUTHENTICATED",
      `Sign in or send a token: expected a session cookie or an "Authorization: Bearer <token>" header on a ${request.method}, found neither.`,
    );
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  if (origin === null || origin === "null") {
    throw new AppError(
      "CROSS_ORIGIN",
      `Expected an Origin header from this site (${host}) on a signed-in ${request.method}, found none; send an API token from scripts.`,
    );
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("CROSS_ORIGIN", `Expected an Origin header from this site (${host}), found an unreadable one.`);
  }
  if (originHost !== host) {
    throw new AppError("CROSS_ORIGIN", `Expected a request from this site (${host}), found one from ${origin}.`);
  }
}

function isFromHost(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  try {
    return origin !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
