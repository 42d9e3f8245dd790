import type { DbTx } from "@hierboard/db";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

type Tx = DbTx | PlatformContext["db"];

/**
 * Ends every session of a user: session cookies carry the version they were issued under, and
 * `getSessionUser` refuses them once it moves on. Called on sign-out, password change, role
 * change and "sign out everywhere"; pass a transaction client to do it with another change.
 */
export async function endSessions(input: { userId: string }, ctx: PlatformContext | { db: Tx } = platformContext()): Promise<number> {
  const user = await ctx.db.user.update({
    where: { id: input.userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return user.sessionVersion;
}
