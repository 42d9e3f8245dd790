import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { requireLargeFormSender } from "@hierboard/platform";
import { env } from "@/env";
import { secureCookies } from "@/auth/secure-cookies";
import { formatBytes } from "@/lib/format-score";
import { declaredLengthTooLarge } from "./declared-length";
import { jsonProblem } from "./json-problem";
import { problemResponse } from "./problem";

/** The largest server-action body of a form without a file (sign-up, settings, descriptions). */
export const SMALL_ACTION_BODY_BYTES = 256 * 1024;

/**
 * The organiser-console page a file form posts to: `/organise` (the bundle import: slug null) or
 * `/organise/<slug>/…` (taxonomy, gold and task files). Undefined for every other path.
 */
export function fileFormTarget(pathname: string): { slug: string | null } | undefined {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "organise") return undefined;
  if (parts.length === 1) return { slug: null };
  try {
    return { slug: decodeURIComponent(parts[1]!) };
  } catch {
    return undefined;
  }
}

/**
 * Refuses a server action that declares a body over `SMALL_ACTION_BODY_BYTES` (or declares none)
 * unless an organiser sends it to their own console page, before a byte of it is read: Next.js
 * reads the whole body (up to 60 MB) before the action's own checks run, and an action's id can be
 * posted to any path, so the path alone grants nothing. Null: pass on.
 */
export async function largeServerActionRefusal(request: NextRequest): Promise<Response | null> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  const undeclared = request.headers.get("content-length") === null;
  if (!undeclared && !declaredLengthTooLarge(request.headers, SMALL_ACTION_BODY_BYTES)) return null;
  const target = fileFormTarget(request.nextUrl.pathname);
  if (!target) {
    const found = undeclared ? "a body of undeclared length" : formatBytes(Number(request.headers.get("content-length")));
    const refusal = jsonProblem(
      413,
      "FILE_TOO_LARGE",
      `Expected a form of at most ${formatBytes(SMALL_ACTION_BODY_BYTES)} on this page, found ${found}; files are sent from the organiser console.`,
    );
    refusal.headers.set("connection", "close");
    return refusal;
  }
  const token = await getToken({ req: request, secret: env.authSecret, secureCookie: secureCookies });
  try {
    await requireLargeFormSender({
      userId: token?.sub,
      sessionVersion: typeof token?.sessionVersion === "number" ? token.sessionVersion : undefined,
      slug: target.slug,
    });
    return null;
  } catch (error) {
    const refusal = problemResponse(error);
    refusal.headers.set("connection", "close");
    return refusal;
  }
}
