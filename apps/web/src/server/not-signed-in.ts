import type { ActionResult } from "./problem";

export function notSignedIn(): ActionResult<never> {
  return { ok: false, code: "UNAUTHENTICATED", message: "Sign in to do this.", issues: [] };
}
