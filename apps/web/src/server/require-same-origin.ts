import { AppError } from "@hierboard/platform";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for API routes that accept the session cookie: a state-changing request must come
 * from a page of this site, i.e. carry an `Origin` whose host is the request's `Host`. A browser
 * sets `Origin` on every cross-origin and same-origin POST and a page cannot forge it. Requests
 * with an `Authorization` header (API tokens) carry no ambient credential and pass unchanged.
 * CROSS_ORIGIN (403) otherwise.
 */
export function requireSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (request.headers.has("authorization")) return;
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
