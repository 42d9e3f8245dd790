import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getSessionUser, authenticateApiToken, type UserSummary } from "@hierboard/platform";
import { authOptions } from "./options";

export type Viewer = UserSummary;

/**
 * The signed-in user, or null (also when an admin disabled the account or ended its sessions,
 * which moves its session version on). Reads the user afresh so roles are current;
 * `cache` makes the header and the page share one lookup per request.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  if (!id) return null;
  return getSessionUser({ id, sessionVersion: session.user?.sessionVersion ?? 0 });
});

/** For pages: the signed-in user, or a redirect to sign-in that comes back here. */
export async function requireViewer(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}

/**
 * For API routes: a Bearer API token if one is sent (scripts), else the
 * browser session (the team area's own upload and polling). A token that is
 * sent but wrong is never silently replaced by the session.
 */
export async function getRequestViewer(request: Request): Promise<Viewer | null> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!match?.[1]) return null;
    return authenticateApiToken(match[1]);
  }
  return getViewer();
}
