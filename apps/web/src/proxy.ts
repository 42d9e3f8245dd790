import { NextResponse, type NextRequest } from "next/server";
import { largeServerActionRefusal } from "@/server/large-action-gate";
import { isCacheablePageRequest } from "@/server/page-cache/cacheable-page-request";
import { serveCachedPage } from "@/server/page-cache/serve-cached-page";
import { REQUEST_URL_HEADER } from "@/server/request-url";
import { requestIsHttps, securityHeaders } from "@/server/security-headers";
import { serverActionBodyTooLarge } from "@/server/server-action-body-limit";

/**
 * Puts the security headers on every response, with a fresh CSP nonce per request. Next.js reads
 * the nonce from the request's CSP header and stamps it on its own scripts (so pages must render
 * dynamically, which they do: the header reads the session).
 */
export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  // NODE_ENV is inlined by Next.js at build time, like NEXT_RUNTIME: a build constant, not configuration.
  // biome-ignore lint/style/noProcessEnv: NODE_ENV is a build-time constant inlined by Next.js
  const development = process.env.NODE_ENV === "development";
  const headers = securityHeaders({
    nonce,
    development,
    https: requestIsHttps(request.url, request.headers),
  });
  const refused = serverActionBodyTooLarge(request) ?? (await largeServerActionRefusal(request));
  if (refused) {
    for (const [name, value] of Object.entries(headers)) refused.headers.set(name, value);
    return refused;
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // The path and query for layouts, which get no searchParams: they gate pages before a loading.tsx
  // starts the stream (a draft's preview link, a sign-in's way back). Always ours, never the client's.
  requestHeaders.set(REQUEST_URL_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  // Anonymous visitors' boards and rankings are answered from the rendered-page cache, here (a
  // rewrite to a route would cost a second HTTP exchange: with `--hostname 127.0.0.1`, Next.js
  // forwards a proxy's rewrite over loopback, see docs/performance.md, "Public pages").
  const response = isCacheablePageRequest(request)
    ? await serveCachedPage(request.nextUrl.pathname + request.nextUrl.search, nonce)
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Not the upload API (UPLOAD_ROUTE_SOURCES: predictions and gold): with a proxy, Next.js clones
// every request body (only its first proxyClientMaxBodySize bytes) and later copies it whole on the
// request thread (tens of megabytes per upload). Their headers come from next.config.ts.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/tasks/[^/]+/submissions$|api/tasks/[^/]+/phases/[^/]+/gold$).*)"],
};
