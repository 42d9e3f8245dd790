import { headers } from "next/headers";

/** Set by `src/proxy.ts` on every request it sees (it overwrites one a client sends). */
export const REQUEST_URL_HEADER = "x-hierboard-request-url";

/**
 * The page's own path and query, for layouts (which get no searchParams): `/tasks/x?preview=…`.
 * Falls back to `fallback` when the proxy did not run.
 */
export async function requestUrl(fallback: string): Promise<URL> {
  const value = (await headers()).get(REQUEST_URL_HEADER);
  // Parsed against a dummy origin: only the path and query are used, and a value that is not a path stays on this site.
  const url = new URL(value?.startsWith("/") ? value : fallback, "http://hierboard.invalid");
  url.searchParams.delete("_rsc");
  return url;
}

/** `pathname + search` of a URL from `requestUrl`, for a sign-in's callbackUrl. */
export function pathAndQuery(url: URL): string {
  return url.pathname + url.search;
}
