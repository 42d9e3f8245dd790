import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

/**
 * The user behind a session token, or null when the account is gone, disabled, or its session
 * version moved on since the token was issued (sessions ended by an admin).
 */
export async function getSessionUser(input: { id: string; sessionVersion: number }, ctx: PlatformContext = platformContext()): Promise<UserSummary | null> {
  const user = await ctx.db.user.findUnique({ where: { id: input.id } });
  if (!user || user.disabledAt !== null || user.sessionVersion !== input.sessionVersion) return null;
  return toUserSummary(user);
}
