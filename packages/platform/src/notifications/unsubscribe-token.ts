import { createHmac, timingSafeEqual } from "node:crypto";
import type { NotificationKind } from "./notification-kinds.ts";

function signature(secret: string, userId: string, kind: NotificationKind): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");
}

/** The path and query of a one-click unsubscribe link: who, what, and an HMAC of both under the instance's secret. */
export function unsubscribePath(secret: string, userId: string, kind: NotificationKind): string {
  const query = new URLSearchParams({ u: userId, k: kind, s: signature(secret, userId, kind) });
  return `/unsubscribe?${query.toString()}`;
}

/** Whether `given` is the signature of (userId, kind), compared in constant time. */
export function validUnsubscribeSignature(secret: string, userId: string, kind: NotificationKind, given: string): boolean {
  const expected = Buffer.from(signature(secret, userId, kind));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
