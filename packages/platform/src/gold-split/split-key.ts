import { randomBytes } from "node:crypto";

/** A new secret key for a phase's public/private split: 32 random bytes, hex. */
export function newSplitKey(): string {
  return randomBytes(32).toString("hex");
}
