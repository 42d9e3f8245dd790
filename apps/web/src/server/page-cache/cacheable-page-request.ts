/** Sent by the page cache's own renders, which must reach the page itself. */
export const PAGE_RENDER_HEADER = "x-hierboard-page-render";

/** A task's board or rankings page, nothing below it (team, reports, data…). */
const CACHEABLE_PATH = /^\/tasks\/[a-z0-9][a-z0-9-]*(\/rankings)?$/;

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATH.test(pathname);
}

/**
 * Whether a request may get a cached page: a plain GET of a board or rankings page by a visitor
 * with no cookie at all and no credentials (so no session, whatever its validity: every signed-in
 * or once-signed-in visitor is rendered for), no draft preview link, and not a client-side
 * navigation's RSC request. Anything else is rendered as before.
 */
export function isCacheablePageRequest(request: { method: string; url: string; headers: Headers }): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (!isCacheablePath(url.pathname)) return false;
  if (url.searchParams.has("preview") || url.searchParams.has("_rsc")) return false;
  const h = request.headers;
  return !(h.has("cookie") || h.has("authorization") || h.has("rsc") || h.has("next-router-prefetch") || h.has(PAGE_RENDER_HEADER));
}
