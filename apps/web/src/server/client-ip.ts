/**
 * The client's address for per-address limits: the last `X-Forwarded-For` entry, which is the one
 * the nearest proxy (or Next.js itself, from the socket, when the header is absent) wrote.
 * Without a proxy in front that sets the header, a client can choose this value: per-address
 * limits then need such a proxy (docs/security.md); per-account limits do not depend on it.
 */
export function clientIp(headers: Headers | Record<string, string | string[] | undefined>): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const last = value
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? "unknown";
}
