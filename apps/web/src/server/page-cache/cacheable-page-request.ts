/** Sent by the page cache's own renders, which must reach the page itself. */
export const PAGE_RENDER_HEADER = "x-hierboard-page-render";

/** A task's board or rankings page, nothing below it (team, reports, data…). */
const CACHEABLE_PATH = /^\/tasks\/[a-z0-9][a-z0-9-]*(\/rankings)?$/;

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATH.test(pathname);
}

/** The query parameters the board and rankings pages read; nothing else changes what they show. */
const PAGE_PARAMETERS = ["order", "page", "phase", "sort", "subtask"] as const;

/**
 * The page's path with only the parameters it reads, each once, in one order: the cache's key and
 * what is rendered for it. Any other parameter (`?x=1`, `?x=2`, …) would otherwise make a new cache
 * entry per request and push the real pages out.
 *
 * @example
 * canonicalPageTarget(new URL("http://h/tasks/g?x=1&subtask=b&phase=test&phase=dev")); // "/tasks/g?phase=test&subtask=b"
 */
export function canonicalPageTarget(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
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
