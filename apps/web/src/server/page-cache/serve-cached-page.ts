import { publicTaskPage } from "@hierboard/platform";
import { env, internalOrigin } from "@/env";
import { canonicalPageTarget, isCacheablePath, PAGE_RENDER_HEADER } from "./cacheable-page-request";
import { RenderedPageCache, withNonce, type RenderedPage } from "./rendered-page-cache";

// 64 pages of ≈ 0.5 MB at most. One cache per web process (like the platform's board cache).
const holder = globalThis as { __hierboardPageCache?: RenderedPageCache };
const cache = (holder.__hierboardPageCache ??= new RenderedPageCache({ maxEntries: 64, maxAgeMs: env.pageCacheSeconds * 1000 }));

/**
 * An anonymous visitor's board or rankings page (`path` with the query parameters the page reads:
 * `canonicalPageTarget`), from the cache when the
 * task's public pages have not changed since it was rendered (publicTaskPage) and it is younger
 * than HIERBOARD_PAGE_CACHE_SECONDS (the clock alone changes "closes in 2 hours" and a phase's
 * state); otherwise rendered by this server for a visitor without cookies, as the page itself.
 * Drafts are never cached. The HTML gets this response's CSP nonce.
 */
export async function serveCachedPage(path: string, nonce: string): Promise<Response> {
  // Parsed against a dummy origin: only the path and query are used.
  const url = new URL(path.startsWith("/") ? path : "/", "http://page.invalid");
  const slug = url.pathname.split("/")[2];
  if (!isCacheablePath(url.pathname) || !slug) return new Response("Not found", { status: 404 });
  const known = env.pageCacheSeconds > 0 ? await publicTaskPage(slug) : null;
  const key = known?.key;
  const target = known ? canonicalPageTarget(url, known) : `${url.pathname}${url.search}`;
  const { page, hit } = key ? await cache.get(`${target}|${key}`, () => render(target)) : { page: await render(target), hit: false };
  return new Response(withNonce(page, nonce), {
    status: page.status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "x-hierboard-page-cache": key ? (hit ? "hit" : "miss") : "off",
    },
  });
}

async function render(target: string): Promise<RenderedPage> {
  const response = await fetch(`${internalOrigin()}${target}`, { headers: { [PAGE_RENDER_HEADER]: "1" }, redirect: "manual" });
  const html = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
  return { status: response.status, html, nonce };
}
