import { platformContext, type PlatformContext } from "../context/platform-context.ts";

/** The account's current session version, to stamp on a new session (see `endSessions`). */
export async function getSessionVersion(userId: string, ctx: PlatformContext = platformContext()): Promise<number> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  return user.sessionVersion;
}
