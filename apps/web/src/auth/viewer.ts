import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getSessionUser, authenticateApiToken, type TokenUser, type UserSummary } from "@hierboard/platform";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { authOptions } from "./options";

export type Viewer = UserSummary;

/**
 * The session cookie's user, read afresh so roles are current, or null; `ended` when the browser
 * holds a session the platform refuses because its version has moved on (signed out elsewhere,
 * password or role changed, e.g. a request to host approved). `cache` makes the header and the
 * page share one lookup per request.
 */
const sessionState = cache(async (): Promise<{ viewer: Viewer | null; ended: boolean }> => {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  if (!id) return { viewer: null, ended: false };
  const viewer = await getSessionUser({ userId: id, sessionVersion: session.user.sessionVersion });
  return { viewer, ended: viewer === null };
});

/** The signed-in user, or null (see `sessionState`). */
export const getViewer = async (): Promise<Viewer | null> => (await sessionState()).viewer;

/**
 * For pages: the signed-in user, or a redirect to sign-in that comes back here; when the browser's
 * session has ended, the sign-in page says so (`notice=session-ended`).
 */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const { viewer, ended } = await sessionState();
  if (!viewer) redirect(`/signin?callbackUrl=${encodeURIComponent(safeCallbackUrl(returnTo))}${ended ? "&notice=session-ended" : ""}`);
  return viewer;
}

/**
 * For API routes: a Bearer API token if one is sent (scripts), else the
 * browser session (the team area's own upload and polling). A token that is
 * sent but wrong is never silently replaced by the session.
 */
export async function getRequestViewer(request: Request): Promise<Viewer | TokenUser | null> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) return null;
    return authenticateApiToken(match[1]);
  }
  return getViewer();
}
