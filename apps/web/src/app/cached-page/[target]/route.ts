import { fromPageTarget } from "@/server/page-cache/cacheable-page-request";
import { serveCachedPage } from "@/server/page-cache/serve-cached-page";
import { observedRoute } from "@/server/observed-route";

export const dynamic = "force-dynamic";

/**
 * `GET /cached-page/<target>` — where the proxy rewrites anonymous visitors' board and rankings
 * pages (src/server/page-cache); `target` is the page's path and query, base64url-encoded.
 * Reached directly it serves the same anonymous page (or 404), nothing more.
 */
async function getCachedPage(request: Request, { params }: { params: Promise<{ target: string }> }) {
  const { target } = await params;
  return serveCachedPage(fromPageTarget(target), request.headers.get("x-nonce") ?? "");
}

export const GET = observedRoute("/cached-page/[target]", getCachedPage);
