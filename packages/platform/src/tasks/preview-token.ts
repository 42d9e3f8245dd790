import { randomBytes } from "node:crypto";

/** The secret of a draft's preview link: 144 random bits, URL-safe. */
export function newPreviewToken(): string {
  return randomBytes(18).toString("base64url");
}
