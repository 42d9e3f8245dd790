import { MEASURE_REGISTRY } from "@hierboard/metrics";

/** Sent by the page cache's own renders, which must reach the page itself. */
export const PAGE_RENDER_HEADER = "x-hierboard-page-render";

/** A task's board or rankings page, nothing below it (team, reports, data…). */
const CACHEABLE_PATH = /^\/tasks\/[a-z0-9][a-z0-9-]*(\/rankings)?$/;

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATH.test(pathname);
}

/** The phase and subtask keys a task has (`publicTaskPage`): the only values those parameters can usefully take. */
export interface KnownPageValues {
  phaseKeys: readonly string[];
  subtaskKeys: readonly string[];
}

/** The columns a board can be sorted by: its fixed ones and any measure (parseSort falls back to rank for others). */
const SORT_KEYS = new Set(["rank", "team", "submitted", ...MEASURE_REGISTRY.map((m) => m.key)]);
const MAX_PAGE = 100_000;

/**
 * The query parameters the board and rankings pages read, each with the values that change what
 * they show; nothing else does: the page treats any other value like an absent parameter.
 */
const PAGE_PARAMETERS: Record<string, (value: string, known: KnownPageValues) => boolean> = {
  order: (value) => value === "asc" || value === "desc",
  page: (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= MAX_PAGE,
  phase: (value, known) => known.phaseKeys.includes(value),
  sort: (value) => SORT_KEYS.has(value),
  // A split phase's public ranking after the end (the private one is the default).
  split: (value) => value === "public",
  subtask: (value, known) => known.subtaskKeys.includes(value),
};

/**
 * The page's path with only the parameters it reads, each once, in one order, and only with values
 * it knows: the cache's key and what is rendered for it. Any other parameter (`?x=1`, `?x=2`, …)
 * or value (`?sort=<random>`, a made-up phase) would otherwise make a new cache entry, and a full
 * render, per request, and push the real pages out.
 *
 * @example
 * canonicalPageTarget(new URL("http://h/tasks/g?x=1&subtask=b&phase=test&phase=dev&sort=zz"), { phaseKeys: ["test"], subtaskKeys: ["b"] }); // "/tasks/g?phase=test&subtask=b"
 */
export function canonicalPageTarget(url: URL, known: KnownPageValues): string {
  const kept = new URLSearchParams();
  for (const [name, isKnown] of Object.entries(PAGE_PARAMETERS)) {
    const value = url.searchParams.get(name);
    if (value !== null && isKnown(value, known)) kept.set(name, value);
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
