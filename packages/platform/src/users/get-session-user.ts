import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

/**
 * The user behind a session cookie, read afresh (so roles are current), or null when the account
 * is gone the account is disabled, or the cookie's session version is no longer the account's (see `endSessions`).
 */
export async function getSessionUser(
  input: { userId: string; sessionVersion: number | undefined },
  ctx: PlatformContext = platformContext(),
): Promise<UserSummary | null> {
  const user = await ctx.db.user.findUnique({ where: { id: input.userId } });
  if (!user || user.disabledAt !== null || input.sessionVersion !== user.sessionVersion) return null;
  return toUserSummary(user);
}
