import { env } from "@/env";

/**
 * The client's address for per-address limits, from `X-Forwarded-For`. With no trusted proxy in
 * front (`HIERBOARD_TRUSTED_PROXIES=0`, the default), `stampPeerAddress` has replaced whatever the
 * client sent by the socket's address, so the header holds one truthful entry. With N trusted
 * proxies, each appending the address it saw, the N-th entry from the end is the one the outermost
 * trusted proxy wrote: entries before it are the client's own and are never used.
 */
export function clientIp(
  headers: Headers | Record<string, string | string[] | undefined>,
  trustedProxies: number = env.trustedProxies,
): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const entries =
    value
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  return entries.at(-Math.max(trustedProxies, 1)) ?? entries[0] ?? "unknown";
}
