/**
 * Every security header the app sends, decided in this one place (applied by `src/proxy.ts`).
 *
 * - CSP: scripts only from this site and with this response's nonce (`'strict-dynamic'` lets
 *   Next.js's own chunks load); `'unsafe-eval'` only in development, where React needs it.
 *   Inline style attributes stay allowed (React `style` props, charts); they cannot run code.
 * - `frame-ancestors 'none'` (and `X-Frame-Options: DENY` for old browsers): no page renders
 *   inside another site's frame.
 * - `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`.
 * - HSTS only when the request came over HTTPS, so a plain-HTTP local start is not pinned.
 */
export function securityHeaders(opts: { nonce: string; development: boolean; https: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'${opts.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** Whether the browser reached us over HTTPS (directly, or through a proxy that says so). */
export function requestIsHttps(url: string, headers: Headers): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(url).protocol.replace(":", "")) === "https";
}

/**
 * The headers of the routes the proxy does not run on (the upload API: running the proxy makes
 * Next.js clone the request body, then copy it whole on the request thread). They answer JSON,
 * never a page, so the policy is the strictest one; applied by `headers()` in next.config.ts.
 */
export const PROXYLESS_ROUTE_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The upload routes: multipart bodies of up to the upload limit, read as they stream. The proxy's
 * matcher in src/proxy.ts leaves the same routes out (a matcher must be a literal there).
 */
export const UPLOAD_ROUTE_SOURCES = ["/api/tasks/:slug/submissions", "/api/tasks/:slug/phases/:phase/gold"] as const;
